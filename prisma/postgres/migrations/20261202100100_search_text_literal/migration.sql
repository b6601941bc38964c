-- `q` matches literally: %, _ and \ in the searched text become private-use code points
-- (lib/questions/search-text.ts encodes new rows and queries the same way).
UPDATE "QuestionRequest" SET "searchText" = replace(replace(replace("searchText", '\', ''), '%', ''), '_', '');
