-- AlterTable
ALTER TABLE "condo_spaces" ADD COLUMN     "freeCancelHours" INTEGER NOT NULL DEFAULT 48;

-- AlterTable
ALTER TABLE "condo_reservations" ADD COLUMN     "feeBoletoId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "condo_reservations_feeBoletoId_key" ON "condo_reservations"("feeBoletoId");

-- AddForeignKey
ALTER TABLE "condo_reservations" ADD CONSTRAINT "condo_reservations_feeBoletoId_fkey" FOREIGN KEY ("feeBoletoId") REFERENCES "boletos"("id") ON DELETE SET NULL ON UPDATE CASCADE;
