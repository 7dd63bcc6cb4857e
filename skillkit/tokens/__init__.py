"""Token counting: a cheap estimate here; exact offline encodings are loaded lazily by render."""
