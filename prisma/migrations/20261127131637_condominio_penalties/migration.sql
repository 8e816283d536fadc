-- CreateTable
CREATE TABLE "condo_infractions" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "amountCents" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_infractions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "condo_penalties" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "infractionId" UUID NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "boletoId" UUID,
    "appliedById" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_penalties_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "condo_infractions_tenantId_name_key" ON "condo_infractions"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "condo_penalties_boletoId_key" ON "condo_penalties"("boletoId");

-- CreateIndex
CREATE UNIQUE INDEX "condo_penalties_nonce_key" ON "condo_penalties"("nonce");

-- CreateIndex
CREATE INDEX "condo_penalties_tenantId_createdAt_idx" ON "condo_penalties"("tenantId", "createdAt");

-- AddForeignKey
ALTER TABLE "condo_infractions" ADD CONSTRAINT "condo_infractions_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_penalties" ADD CONSTRAINT "condo_penalties_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_penalties" ADD CONSTRAINT "condo_penalties_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "condo_units"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_penalties" ADD CONSTRAINT "condo_penalties_infractionId_fkey" FOREIGN KEY ("infractionId") REFERENCES "condo_infractions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_penalties" ADD CONSTRAINT "condo_penalties_boletoId_fkey" FOREIGN KEY ("boletoId") REFERENCES "boletos"("id") ON DELETE SET NULL ON UPDATE CASCADE;
