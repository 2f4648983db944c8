#!/usr/bin/env bash
# Installs the Debian packages warpsim builds with, and any named as arguments, if any is missing (needs root or sudo).
set -euo pipefail
pkgs=(cmake ninja-build g++ libboost-graph-dev libfmt-dev catch2 nlohmann-json3-dev libcli11-dev libssl-dev "$@")
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
