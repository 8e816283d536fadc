-- AlterTable
ALTER TABLE "knowledge_chunks" ADD COLUMN     "embedding" real[],
ADD COLUMN     "embeddingModel" TEXT;

-- Keyword search that does not care about accents: people type "linha digitavel", "credito",
-- "codigo de barras". unaccent ships with PostgreSQL (contrib) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION iris_portuguese (COPY = portuguese);
ALTER TEXT SEARCH CONFIGURATION iris_portuguese
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;

CREATE TEXT SEARCH CONFIGURATION iris_spanish (COPY = spanish);
ALTER TEXT SEARCH CONFIGURATION iris_spanish
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;

-- Passages indexed with the former configurations are indexed again with the new ones.
UPDATE knowledge_chunks c
SET tsv = to_tsvector(CASE WHEN t.locale = 'es-MX' THEN 'iris_spanish' ELSE 'iris_portuguese' END::regconfig, c.text)
FROM tenants t
WHERE t.id = c."tenantId";
