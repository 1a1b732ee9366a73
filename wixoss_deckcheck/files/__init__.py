"""Files the tool reads and writes: text, YAML with lines, schemas, caches, directories."""
