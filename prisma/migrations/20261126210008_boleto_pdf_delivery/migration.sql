-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "noticeDigestHour" INTEGER;

-- AlterTable
ALTER TABLE "queued_messages" ADD COLUMN     "boletoId" UUID;

-- AddForeignKey
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_boletoId_fkey" FOREIGN KEY ("boletoId") REFERENCES "boletos"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An hour of the day in the tenant's time zone
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_noticeDigestHour_check" CHECK ("noticeDigestHour" IS NULL OR ("noticeDigestHour" >= 0 AND "noticeDigestHour" <= 23));

-- Issued boletos for the owner to forward, and notices a pack cannot say
ALTER TABLE "boleto_notices" DROP CONSTRAINT "boleto_notices_kind_check";
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_kind_check" CHECK ("kind" IN ('paid', 'overdue', 'issued'));
ALTER TABLE "boleto_notices" DROP CONSTRAINT "boleto_notices_status_check";
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_status_check" CHECK ("status" IN ('pending', 'sent', 'no_chat', 'failed'));
