//! Content pack archives (zip): export with checksums, import safely.
