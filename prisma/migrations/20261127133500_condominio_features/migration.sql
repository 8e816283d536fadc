-- The condominium's tools now declare feature flags (seed 003 §3.1). Condominiums created before
-- them get every flag, so nothing they could do stops working.
UPDATE "tenants"
SET "aiSettings" = jsonb_set(
  COALESCE("aiSettings", '{}'::jsonb),
  '{features}',
  (
    SELECT COALESCE(jsonb_agg(DISTINCT flag), '[]'::jsonb)
    FROM jsonb_array_elements_text(
      COALESCE("aiSettings" -> 'features', '[]'::jsonb) || '["ai_reservations", "ai_notices", "ai_penalties"]'::jsonb
    ) AS flag
  )
)
WHERE "pack" = 'condominio';
