#pragma once
// Downloads the files the feeds' items link to for listeners (podcast:chapters,
// podcast:transcript) into config.attachments_dir(), where `build` reads them
// (listening/attachments.hpp). A file already there is not downloaded again (the name is the
// URL's hash: a new file has a new URL); one that does not download whole, or does not read as
// chapters or a transcript, is not written, and a copy from before stays.
#include "config/site_config.hpp"
#include "fetch/fetch_sources.hpp"

namespace fetch {

FetchOutcome fetch_attachments(const config::SiteConfig& config, const FetchOptions& options);

}  // namespace fetch
