// Section "Occupancy is not speed" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_sweep(Context& ctx) {
  (void)ctx;
  return {"sweep", "Occupancy is not speed", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
