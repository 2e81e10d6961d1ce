//! The glyph network editor: node graph, map and round-by-round sandbox.
