#include "scaffold/publish_workflow.hpp"

#include "util/strings.hpp"

namespace scaffold {

namespace {

// The steps' `run:` scripts read the expressions they need from `env:` (never `${{ }}` in a
// script: a value is then data, not code), so each script also runs as written outside
// Actions (tests/e2e/publish_workflow_test.cpp runs them in order against loopback servers).
// Steps with an `id` in {runner-packages, install} set up the runner; the test stands in for them.
constexpr const char* k_workflow = R"yaml(# Publishes this podcast archive on GitHub Pages. Written by `podarchive init`.
#
# On every push to main, every day and by hand (Actions > Publish > Run workflow):
#   1. installs podarchive from its release package (cached; it never builds or tests the tool);
#   2. refreshes the sources that have a `url` (`podarchive fetch`): new episodes come in;
#   3. builds the site at the repository's Pages URL, where every item of the feed already
#      published there must keep its guid and audio URL (a change fails the build, listed);
#   4. checks the site and its feed (`podarchive check`);
#   5. commits the refreshed snapshots, when they changed, so the feed's history stays in git;
#   6. deploys the site with the official Pages actions.
# Once: Settings > Pages > Source: "GitHub Actions".
name: Publish

on:
  push:
    branches: [main]
  schedule:
    - cron: "17 6 * * *"
  workflow_dispatch:

permissions:
  contents: write # the refreshed snapshots are pushed back
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

env:
  PODARCHIVE_VERSION: "@VERSION@"
  PODARCHIVE_RELEASES: @RELEASES@

defaults:
  run:
    shell: bash

jobs:
  build:
    runs-on: ubuntu-latest
    # The release package is built for Debian 12.
    container: debian:12
    steps:
      - name: Install what the steps need
        id: runner-packages
        run: apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates curl
      - uses: actions/checkout@v4
      - name: Configure Pages
        id: pages
        uses: actions/configure-pages@v5
      - name: Keep the podarchive package between runs
        uses: actions/cache@v4
        with:
          path: ~/.cache/podarchive
          key: podarchive-${{ env.PODARCHIVE_VERSION }}
      - name: Install podarchive
        id: install
        run: |
          deb="$HOME/.cache/podarchive/podarchive_${PODARCHIVE_VERSION}_amd64.deb"
          if [ ! -s "$deb" ]; then
            mkdir -p "$(dirname "$deb")"
            curl -fsSL --retry 3 -o "$deb.part" "$PODARCHIVE_RELEASES/v$PODARCHIVE_VERSION/podarchive_${PODARCHIVE_VERSION}_amd64.deb"
            mv "$deb.part" "$deb"
          fi
          apt-get install -y -qq --no-install-recommends "$deb"
          podarchive --version
      - name: Refresh the sources
        run: |
          # A host that fails keeps the previous snapshot: the site is still built and published.
          podarchive fetch || echo "::warning title=podarchive fetch::a source could not be refreshed; the site is built from its previous snapshot"
      - name: Build at the Pages URL
        env:
          BASE_URL: ${{ steps.pages.outputs.base_url }}
        # Outside the checkout, so that the snapshots are all the next step finds changed.
        run: podarchive build --base-url "$BASE_URL/" --published-feed "$BASE_URL/feed.xml" --output "$RUNNER_TEMP/site"
      - name: Check the site
        env:
          BASE_URL: ${{ steps.pages.outputs.base_url }}
        run: podarchive check --base-url "$BASE_URL/" && podarchive check "$RUNNER_TEMP/site/feed.xml"
      - name: Commit the refreshed snapshots
        run: |
          git config --global --add safe.directory "$PWD"
          git add --all
          if git diff --cached --quiet; then
            echo "the sources did not change"
            exit 0
          fi
          git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
            commit -q -m "Refresh the sources (podarchive fetch)"
          git push || echo "::warning title=snapshots::the refreshed snapshots could not be pushed; the next run fetches them again"
      - name: Upload the site
        uses: actions/upload-pages-artifact@v3
        with:
          path: ${{ runner.temp }}/site

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v4
)yaml";

}  // namespace

std::string publish_workflow() {
    return util::replace_all(util::replace_all(k_workflow, "@VERSION@", PODARCHIVE_VERSION), "@RELEASES@", PODARCHIVE_RELEASES);
}

}  // namespace scaffold
