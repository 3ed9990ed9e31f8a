#pragma once
// The GitHub Actions workflow that publishes a site (.github/workflows/publish.yml): `init`
// writes it for every new site, and this repository publishes its own archive with the same
// text (a test compares them).
#include <string>

namespace scaffold {

// On push to main, daily and by hand: installs this binary's release package (cached, from
// PODARCHIVE_RELEASES/v<version>/podarchive_<version>_amd64.deb, both set by CMake), fetches
// the sources, builds at the Pages URL guarding identities against the feed published there,
// checks the site, commits refreshed snapshots, and deploys with the official Pages actions.
std::string publish_workflow();

}  // namespace scaffold
