-- AlterEnum
ALTER TYPE "ReservationStatus" ADD VALUE 'HELD';

-- AlterTable
ALTER TABLE "condo_reservations" ADD COLUMN     "feeNonce" TEXT,
ADD COLUMN     "heldUntil" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "condo_reservations_feeNonce_key" ON "condo_reservations"("feeNonce");
