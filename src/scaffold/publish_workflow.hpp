#pragma once
// The GitHub Actions workflow that publishes a site (.github/workflows/publish.yml): `init`
// writes it for every new site, and this repository publishes its own archive with the same
// text (a test compares them).
#include <string>

namespace scaffold {

// Where the workflow finds the release package:
// <releases>/v<version>/podarchive_<version>_amd64.deb.
struct Release {
    std::string version;   // "0.2.0"
    std::string releases;  // "https://github.com/<owner>/podarchive/releases/download"
};

// This binary's release (PODARCHIVE_VERSION, PODARCHIVE_RELEASES from CMake).
Release this_release();

// On push to main, daily and by hand: installs the release package (cached), fetches the
// sources, builds at the Pages URL guarding identities against the feed published there,
// checks the site, commits refreshed snapshots, and deploys with the official Pages actions.
std::string publish_workflow(const Release& release);

}  // namespace scaffold
