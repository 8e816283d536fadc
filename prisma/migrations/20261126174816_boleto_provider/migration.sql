-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "boletoProvider" TEXT NOT NULL DEFAULT 'local',
ADD COLUMN     "boletoProviderSecret" TEXT,
ADD COLUMN     "boletoProviderSettings" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "providerCustomerRef" TEXT;

-- AlterTable
ALTER TABLE "boletos" ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "paidCents" INTEGER,
ADD COLUMN     "pdfUrl" TEXT,
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'local',
ADD COLUMN     "providerRef" TEXT,
ADD COLUMN     "syncedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "provider_events" (
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "tenantId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_events_pkey" PRIMARY KEY ("provider","eventId")
);

-- CreateIndex
CREATE UNIQUE INDEX "boletos_tenantId_provider_providerRef_key" ON "boletos"("tenantId", "provider", "providerRef");

-- AddForeignKey
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The providers the code knows.
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_boletoProvider_check" CHECK ("boletoProvider" IN ('local', 'asaas'));
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_provider_check" CHECK ("provider" IN ('local', 'asaas'));
-- A registered boleto always has the provider's id, a local one never has.
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_providerRef_check" CHECK (("provider" = 'local') = ("providerRef" IS NULL));
