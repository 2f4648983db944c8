// Section "Where the cycles went" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_sol(Context& ctx) {
  (void)ctx;
  return {"sol", "Where the cycles went", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
