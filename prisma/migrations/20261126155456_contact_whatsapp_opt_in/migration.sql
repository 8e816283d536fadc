-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "whatsappOptInAt" TIMESTAMP(3);

-- WhatsApp joins the delivery modes the code knows.
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_messageDelivery_check";
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_messageDelivery_check" CHECK ("messageDelivery" IN ('email', 'whatsapp', 'none'));
