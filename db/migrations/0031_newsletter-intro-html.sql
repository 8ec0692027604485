-- An edition's introduction is written in the article editor from now on (issue 40) and
-- stored as its HTML: the plain text written before becomes paragraphs (a blank line between
-- two), a single line break a <br />, and & < > are escaped as the sanitiser writes them.
UPDATE "newsletter_issues"
SET "intro" = '<p>' || replace(
  regexp_replace(
    replace(replace(replace(btrim(replace("intro", E'\r', ''), E' \n\t'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '[ \t]*\n([ \t]*\n)+[ \t]*', '</p><p>', 'g'
  ),
  E'\n', '<br />'
) || '</p>'
WHERE "intro" <> '';
