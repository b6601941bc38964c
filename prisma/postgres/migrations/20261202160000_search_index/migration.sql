-- `q` substring search: a pg_trgm GIN index serves "searchText" LIKE '%…%' directly, so the query the
-- app sends is unchanged and matches the same rows (lib/questions/search-index.ts). pg_trgm is a
-- trusted extension since PostgreSQL 13: a database owner without superuser may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "QuestionRequest_searchText_trgm_idx" ON "QuestionRequest" USING gin ("searchText" gin_trgm_ops);
