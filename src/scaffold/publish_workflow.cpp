#include "scaffold/publish_workflow.hpp"

#include "text/strings.hpp"

namespace scaffold {

namespace {

// The steps' `run:` scripts read the expressions they need from `env:` (never `${{ }}` in a
// script: a value is then data, not code), so each script also runs as written outside
// Actions (tests/e2e/publish_workflow_test.cpp runs them in order against loopback servers).
// Steps with an `id` in {runner-packages, install} set up the runner; the test stands in for them.
constexpr const char* k_workflow =
    R"yaml(# Publishes this podcast archive on GitHub Pages. Written by `podarchive init`.
#
# On every push to main, every day and by hand (Actions > Publish > Run workflow):
#   1. installs podarchive from its release package (cached; it never builds or tests the tool);
#   2. refreshes the sources that have a `url` (`podarchive fetch`): new episodes come in, and
#      the items the host no longer lists are kept beside the feed's snapshot; with
#      `audio: {keep: true}`, every new episode's audio is kept and uploaded (`podarchive audio
#      upload`) where the site serves the copies from;
#   3. builds the site at the repository's Pages URL, where every episode already published
#      there must keep its guid (a re-issued or vanished one fails the build, listed);
#   4. checks the site as a visitor would (`podarchive check`);
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

permissions: {}

concurrency:
  group: pages
  cancel-in-progress: false

env:
  PODARCHIVE_VERSION: "@VERSION@"
  # Where podarchive's release packages are: <this>/v<version>/podarchive_<version>_amd64.deb.
  PODARCHIVE_RELEASES: "@RELEASES@"

defaults:
  run:
    shell: bash

jobs:
  build:
    runs-on: ubuntu-latest
    # The release package is built for Debian 12.
    container: debian:12
    permissions:
      contents: write # the refreshed snapshots are pushed back
      pages: read # configure-pages reads the site's address
    steps:
      - name: Install what the steps need
        id: runner-packages
        run: apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates curl
      - uses: actions/checkout@v6
      - name: Configure Pages
        id: pages
        uses: actions/configure-pages@v6
      - name: Keep the podarchive package between runs
        uses: actions/cache@v5
        with:
          path: ~/.cache/podarchive
          key: podarchive-${{ env.PODARCHIVE_VERSION }}
      - name: Install podarchive
        id: install
        run: |
          if [ -z "$PODARCHIVE_RELEASES" ]; then
            echo "::error title=Install podarchive::PODARCHIVE_RELEASES is empty in .github/workflows/publish.yml: set it to the releases/download address of the repository that publishes podarchive's packages (https://github.com/<owner>/<repository>/releases/download)"
            exit 1
          fi
          deb="$HOME/.cache/podarchive/podarchive_${PODARCHIVE_VERSION}_amd64.deb"
          url="$PODARCHIVE_RELEASES/v$PODARCHIVE_VERSION/podarchive_${PODARCHIVE_VERSION}_amd64.deb"
          if [ ! -s "$deb" ]; then
            mkdir -p "$(dirname "$deb")"
            status=$(curl -sSL --retry 3 -w '%{http_code}' -o "$deb.part" "$url") || status="no answer"
            if [ "$status" != 200 ]; then
              echo "::error title=Install podarchive::podarchive $PODARCHIVE_VERSION could not be downloaded from $url (HTTP $status): in .github/workflows/publish.yml, PODARCHIVE_VERSION must name a release that has this package, and PODARCHIVE_RELEASES must be the releases/download address of the repository that publishes it"
              exit 1
            fi
            mv "$deb.part" "$deb"
          fi
          apt-get install -y -qq --no-install-recommends "$deb"
          podarchive --version
      - name: Refresh the sources
        run: |
          # What cannot be refreshed keeps its previous copy, and the site is still built and
          # published. The lines fetch marks as warnings or notices are shown on the run's page.
          status=0
          podarchive fetch >"$RUNNER_TEMP/fetch.log" || status=$?
          cat "$RUNNER_TEMP/fetch.log"
          { grep -E '(^|: )(warning|notice): ' "$RUNNER_TEMP/fetch.log" || true; } | while IFS= read -r line; do
            echo "::warning title=podarchive fetch::$line"
          done
          if [ "$status" -ne 0 ]; then
            echo "::warning title=podarchive fetch::some downloads failed (see the lines above): each keeps its previous copy, and the site is built from what the repository has"
          fi
      - name: Upload the audio copies
        env:
          GH_TOKEN: ${{ github.token }}
          GH_REPO: ${{ github.repository }}
          RCLONE_CONFIG_TEXT: ${{ secrets.RCLONE_CONFIG }}
        # With `audio: {keep: true}` in site.yaml, the copies fetch kept go where audio.mirror_url
        # serves them from (audio.upload: the repository's release assets, with gh, by default; or
        # an rclone remote, whose rclone.conf is the repository secret RCLONE_CONFIG). The
        # manifest records each upload, so a run uploads only what is new.
        run: |
          tool=$(podarchive audio upload --needs)
          if [ -z "$tool" ]; then
            echo "no audio copies to upload"
            exit 0
          fi
          apt-get install -y -qq --no-install-recommends "$tool"
          if [ -n "$RCLONE_CONFIG_TEXT" ]; then
            export RCLONE_CONFIG="$RUNNER_TEMP/rclone.conf"
            printf '%s\n' "$RCLONE_CONFIG_TEXT" >"$RCLONE_CONFIG"
          fi
          status=0
          podarchive audio upload >"$RUNNER_TEMP/upload.log" || status=$?
          cat "$RUNNER_TEMP/upload.log"
          { grep -E '(^|: )warning: ' "$RUNNER_TEMP/upload.log" || true; } | while IFS= read -r line; do
            echo "::warning title=podarchive audio upload::$line"
          done
          if [ "$status" -ne 0 ]; then
            echo "::warning title=podarchive audio upload::some copies were not uploaded (see the lines above); the next run tries again"
          fi
      - name: Build at the Pages URL
        env:
          BASE_URL: ${{ steps.pages.outputs.base_url }}
        # Outside the checkout, so that the snapshots are all the next step finds changed.
        run: podarchive build --base-url "$BASE_URL/" --published-feed "$BASE_URL/feed.xml" --output "$RUNNER_TEMP/site"
      - name: Check the site
        env:
          BASE_URL: ${{ steps.pages.outputs.base_url }}
        # (The build judged feed.xml already: what podarchive wrote fails it, a flaw the host's
        # feed had is a warning. `podarchive check feed.xml` alone cannot tell them apart.)
        run: podarchive check --base-url "$BASE_URL/"
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
        uses: actions/upload-pages-artifact@v5
        with:
          path: ${{ runner.temp }}/site

  deploy:
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write # to deploy
      id-token: write # to prove the deployment comes from this repository
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v5
)yaml";

}  // namespace

std::string publish_workflow() {
    return text::replace_all(text::replace_all(k_workflow, "@VERSION@", PODARCHIVE_VERSION), "@RELEASES@",
                             PODARCHIVE_RELEASES);
}

}  // namespace scaffold
