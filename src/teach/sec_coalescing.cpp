// Section "Memory coalescing" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_coalescing(Context& ctx) {
  (void)ctx;
  return {"coalescing", "Memory coalescing", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
