//! The encounter sandbox and GM prep: map, step-through, builder and sheet.
