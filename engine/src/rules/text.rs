//! Rules text generated from an ability's structure, so card text never drifts from behaviour.
