-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "messageDelivery" TEXT NOT NULL DEFAULT 'none';

-- AlterTable
ALTER TABLE "queued_messages" ADD COLUMN     "address" TEXT,
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "channel" TEXT,
ADD COLUMN     "claimedUntil" TIMESTAMP(3),
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "sentAt" TIMESTAMP(3),
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'kept';

-- CreateIndex
CREATE INDEX "queued_messages_status_nextAttemptAt_idx" ON "queued_messages"("status", "nextAttemptAt");

-- The values the code knows (hand-written: Prisma has no CHECK constraints).
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_messageDelivery_check" CHECK ("messageDelivery" IN ('email', 'none'));
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'kept'));
