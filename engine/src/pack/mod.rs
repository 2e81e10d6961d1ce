//! Packs: a folder of RON files plus `pack.ron`.
