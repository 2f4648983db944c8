// Section "Shared-memory banks" of warpsim report. Placeholder until the section is written: it says so on the page.
#include "context.hpp"

namespace warpsim::teach {

Section section_banks(Context& ctx) {
  (void)ctx;
  return {"banks", "Shared-memory banks", false, "<p class=\"note\">Not written yet.</p>"};
}

}  // namespace warpsim::teach
