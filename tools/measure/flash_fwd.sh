#!/usr/bin/env bash
# tools/measure/flash_fwd.sh: the H200 measurement of traces/flash_fwd (issue 12's FlashAttention-style forward kernel), for the
# lead to run in one device call from the repository root with `.measure` carried (see tools/measure/README.md):
#   OUT=<output folder> bash tools/measure/flash_fwd.sh
# It writes 8 files under $OUT (the device tool returns at most 8):
#   measure.tgz              run_all.sh: warpsim-measure timing (REPEAT 50, WARMUP 5) + ncu's base metrics + which
#                            buffers vary between runs, merged (tools/measure/install_results.py -> h200.json)
#   ncu_extra/env.txt, ncu_extra/flash_fwd.csv, ncu_extra/flash_fwd.log
#                            run_ncu_extra.sh with ws_gemm's tensor-pipe and TMA metrics (traces/ws_gemm/h200.json's
#                            ncu_extra record); merge with tools/measure/merge_ncu_extra.py
#   flash_fwd.buffers.json   warpsim-measure --once --inline-limit 524288: every buffer in hex (O0..O2 are 64, 256 and
#                            512 KiB), to compare O with `warpsim run --dump` word by word
#   flash_fwd.sm_90a.sass    ptxas -arch=sm_90a -O3 of the committed PTX, cuobjdump --dump-sass (reference only)
#   ex2_table.bin            tools/measure/ex2_probe.cu: ex2.approx.ftz.f32 minus the correctly rounded 2^x (int8 ulps) for
#                            x = -k 2^-23, k < 2^23 (8 MiB); its per-binade histogram over every f32 x in [-126, 0]
#                            goes to flash.log (what may keep O from matching warpsim bit for bit)
#   flash.log                this script's output
# GPU time: three launches of 10-30 us each; the ncu passes dominate, well under 3 minutes in all.
# Leaves out: installing the results (done off the device: install_results.py, merge_ncu_extra.py).
set -u
OUT=${OUT:-/tmp/flash-out}
export OUT
mkdir -p "$OUT"
exec > >(tee "$OUT/flash.log") 2>&1
C=traces/flash_fwd/flash_fwd.json
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
echo "== start $(date -u)"

echo "== run_all.sh (timed + ncu)"
time tools/measure/run_all.sh "$C"

echo "== run_ncu_extra.sh"
M=sm__inst_executed_pipe_tensor.sum,smsp__inst_executed_pipe_tensor.sum,sm__inst_executed_pipe_tensor_op_hmma.sum
M=$M,sm__inst_executed_pipe_tensor_op_imma.sum,smsp__inst_executed_pipe_tensor_op_hmma.sum
M=$M,sm__pipe_tensor_cycles_active.sum,sm__pipe_tensor_op_hmma_cycles_active.sum
M=$M,sm__pipe_tensor_op_imma_cycles_active.sum,sm__inst_executed_pipe_tensor_op_gmma.sum
M=$M,smsp__inst_executed_pipe_tensor_op_gmma.sum,sm__sass_inst_executed_op_shared_gmma.sum
M=$M,sm__sass_data_bytes_mem_shared_op_gmma.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
M=$M,sm__sass_inst_executed_op_tma_ld.sum,sm__sass_inst_executed_op_tma_st.sum
M=$M,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum
M=$M,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_multicast.sum
M=$M,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_self.sum
M=$M,l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum,gpc__cgas_launched.sum,sm__sass_inst_executed_op_shared_st.sum
time NCU_EXTRA_METRICS=$M tools/measure/run_ncu_extra.sh "$C"

echo "== full buffers"
time "$BIN" "$C" --once --inline-limit 524288 --out "$OUT/flash_fwd.buffers.json"

echo "== SASS"
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
"$PTXAS" -arch=sm_90a -O3 traces/flash_fwd/flash_fwd.sm_90a.ptx -o /tmp/flash_fwd.cubin &&
  { echo "# SASS of flash_fwd (ptxas -arch=sm_90a -O3 traces/flash_fwd/flash_fwd.sm_90a.ptx; cuobjdump --dump-sass; $("$PTXAS" --version | tail -1); $(date -u))"
    "$CUOBJDUMP" --dump-sass /tmp/flash_fwd.cubin; } >"$OUT/flash_fwd.sm_90a.sass"
echo "== ex2 probe"
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
"$NVCC" -arch=sm_90a -O3 -o /tmp/ex2_probe tools/measure/ex2_probe.cu && time timeout 120 /tmp/ex2_probe "$OUT/ex2_table.bin"

echo "== files"
find "$OUT" -type f | sort
echo "== end $(date -u)"
