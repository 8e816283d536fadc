-- CreateTable
CREATE TABLE "analytics_daily" (
    "tenantId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "turns" INTEGER NOT NULL,
    "conversations" INTEGER NOT NULL,
    "understood" INTEGER NOT NULL,
    "notUnderstood" INTEGER NOT NULL,
    "resolved" INTEGER NOT NULL,
    "intents" JSONB NOT NULL,
    "tools" JSONB NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytics_daily_pkey" PRIMARY KEY ("tenantId","day")
);

-- CreateIndex
CREATE INDEX "audit_events_createdAt_idx" ON "audit_events" USING BRIN ("createdAt");

-- AddForeignKey
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Counts are never negative.
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_counts_check"
  CHECK ("turns" >= 0 AND "conversations" >= 0 AND "understood" >= 0 AND "notUnderstood" >= 0 AND "resolved" >= 0);
