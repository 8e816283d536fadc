-- AlterTable
ALTER TABLE "condo_reservations" ADD COLUMN     "guestsNonce" TEXT,
ADD COLUMN     "registeredGuests" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "condo_reservations_guestsNonce_key" ON "condo_reservations"("guestsNonce");
