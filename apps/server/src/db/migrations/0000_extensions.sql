-- pg_trgm backs the global line-item search (trigram GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
