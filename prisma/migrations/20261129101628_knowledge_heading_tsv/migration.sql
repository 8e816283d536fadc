-- AlterTable
ALTER TABLE "knowledge_chunks" ADD COLUMN     "headingTsv" tsvector;

-- The passages already indexed get their heading's vector the way KnowledgeStore.put writes it:
-- the first sentence (src/core/passages.ts, HEADING_PATTERN), in the tenant's language.
UPDATE knowledge_chunks c
SET "headingTsv" = to_tsvector(CASE WHEN t.locale = 'es-MX' THEN 'iris_spanish' ELSE 'iris_portuguese' END::regconfig,
                               coalesce(substring(c.text from '^[^?:!.]{1,160}[?:!.]'), ''))
FROM tenants t
WHERE t.id = c."tenantId";
