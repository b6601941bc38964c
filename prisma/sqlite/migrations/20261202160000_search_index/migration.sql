-- `q` substring search through an FTS5 trigram index (lib/questions/search-index.ts) instead of a
-- LIKE '%…%' scan. External content: the index holds only trigrams; the text stays on the row, and the
-- triggers below keep the index in step with every insert, searchText update (a resolution appends
-- what was decided) and delete (team deletion cascades). Keyed by the table's implicit rowid, which
-- only VACUUM could renumber (the app never runs it; after one, run: INSERT INTO
-- "QuestionRequestSearch"("QuestionRequestSearch") VALUES ('rebuild')).
CREATE VIRTUAL TABLE "QuestionRequestSearch" USING fts5(
  "searchText",
  content = 'QuestionRequest',
  content_rowid = 'rowid',
  tokenize = 'trigram'
);

CREATE TRIGGER "QuestionRequestSearch_ai" AFTER INSERT ON "QuestionRequest" BEGIN
  INSERT INTO "QuestionRequestSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

CREATE TRIGGER "QuestionRequestSearch_ad" AFTER DELETE ON "QuestionRequest" BEGIN
  INSERT INTO "QuestionRequestSearch"("QuestionRequestSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
END;

CREATE TRIGGER "QuestionRequestSearch_au" AFTER UPDATE OF "searchText" ON "QuestionRequest" BEGIN
  INSERT INTO "QuestionRequestSearch"("QuestionRequestSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
  INSERT INTO "QuestionRequestSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

-- Rows written before this migration.
INSERT INTO "QuestionRequestSearch"("QuestionRequestSearch") VALUES ('rebuild');
