-- CreateTable
CREATE TABLE "user_chats" (
    "userId" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_chats_pkey" PRIMARY KEY ("userId","channel")
);

-- CreateTable
CREATE TABLE "boleto_notices" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "boletoId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "boleto_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "boleto_notices_status_createdAt_idx" ON "boleto_notices"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "boleto_notices_boletoId_kind_key" ON "boleto_notices"("boletoId", "kind");

-- AddForeignKey
ALTER TABLE "user_chats" ADD CONSTRAINT "user_chats_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_boletoId_fkey" FOREIGN KEY ("boletoId") REFERENCES "boletos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The kinds and states the code knows.
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_kind_check" CHECK ("kind" IN ('paid', 'overdue'));
ALTER TABLE "boleto_notices" ADD CONSTRAINT "boleto_notices_status_check" CHECK ("status" IN ('pending', 'sent', 'no_chat'));
