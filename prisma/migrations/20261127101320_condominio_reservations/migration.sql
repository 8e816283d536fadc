-- CreateEnum
CREATE TYPE "ReservationStatus" AS ENUM ('ACTIVE', 'CANCELLED');

-- AlterEnum
ALTER TYPE "DomainPack" ADD VALUE 'condominio';

-- CreateTable
CREATE TABLE "condo_spaces" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" TEXT[],
    "opensAt" INTEGER NOT NULL,
    "closesAt" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL,
    "feeCents" INTEGER NOT NULL DEFAULT 0,
    "minLeadHours" INTEGER NOT NULL DEFAULT 24,
    "maxDaysAhead" INTEGER NOT NULL DEFAULT 90,
    "maxPerUnitPerMonth" INTEGER NOT NULL DEFAULT 2,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_spaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "condo_units" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_units_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "condo_residents" (
    "userId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "unitId" UUID,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_residents_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "condo_reservations" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,
    "guests" INTEGER,
    "feeCents" INTEGER NOT NULL,
    "status" "ReservationStatus" NOT NULL DEFAULT 'ACTIVE',
    "nonce" TEXT NOT NULL,
    "cancelNonce" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "condo_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "condo_spaces_tenantId_name_key" ON "condo_spaces"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "condo_units_tenantId_label_key" ON "condo_units"("tenantId", "label");

-- CreateIndex
CREATE INDEX "condo_residents_tenantId_idx" ON "condo_residents"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "condo_reservations_nonce_key" ON "condo_reservations"("nonce");

-- CreateIndex
CREATE UNIQUE INDEX "condo_reservations_cancelNonce_key" ON "condo_reservations"("cancelNonce");

-- CreateIndex
CREATE INDEX "condo_reservations_spaceId_date_idx" ON "condo_reservations"("spaceId", "date");

-- CreateIndex
CREATE INDEX "condo_reservations_unitId_date_idx" ON "condo_reservations"("unitId", "date");

-- AddForeignKey
ALTER TABLE "condo_spaces" ADD CONSTRAINT "condo_spaces_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_units" ADD CONSTRAINT "condo_units_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_residents" ADD CONSTRAINT "condo_residents_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_residents" ADD CONSTRAINT "condo_residents_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_residents" ADD CONSTRAINT "condo_residents_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "condo_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_reservations" ADD CONSTRAINT "condo_reservations_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_reservations" ADD CONSTRAINT "condo_reservations_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "condo_spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_reservations" ADD CONSTRAINT "condo_reservations_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "condo_units"("id") ON DELETE CASCADE ON UPDATE CASCADE;
