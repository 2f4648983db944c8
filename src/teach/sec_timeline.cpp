// Section "Timeline" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_timeline(Context& ctx) {
  (void)ctx;
  return {"timeline", "Timeline", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
