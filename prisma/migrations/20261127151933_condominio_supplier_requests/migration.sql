-- AlterTable
ALTER TABLE "condo_spaces" ADD COLUMN     "suppliersAllowed" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "condo_supplier_requests" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "reservationId" UUID NOT NULL,
    "services" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'REQUESTED',
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "condo_supplier_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "condo_supplier_requests_nonce_key" ON "condo_supplier_requests"("nonce");

-- CreateIndex
CREATE INDEX "condo_supplier_requests_reservationId_idx" ON "condo_supplier_requests"("reservationId");

-- AddForeignKey
ALTER TABLE "condo_supplier_requests" ADD CONSTRAINT "condo_supplier_requests_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_supplier_requests" ADD CONSTRAINT "condo_supplier_requests_reservationId_fkey" FOREIGN KEY ("reservationId") REFERENCES "condo_reservations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
