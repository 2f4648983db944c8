// Section "Latency hiding" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_latency(Context& ctx) {
  (void)ctx;
  return {"latency", "Latency hiding", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
