-- CreateTable
CREATE TABLE "condo_notices" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "publishedById" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condo_notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "condo_notice_deliveries" (
    "id" UUID NOT NULL,
    "noticeId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "condo_notice_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "condo_notices_nonce_key" ON "condo_notices"("nonce");

-- CreateIndex
CREATE INDEX "condo_notices_tenantId_createdAt_idx" ON "condo_notices"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "condo_notice_deliveries_status_idx" ON "condo_notice_deliveries"("status");

-- CreateIndex
CREATE UNIQUE INDEX "condo_notice_deliveries_noticeId_userId_key" ON "condo_notice_deliveries"("noticeId", "userId");

-- AddForeignKey
ALTER TABLE "condo_notices" ADD CONSTRAINT "condo_notices_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condo_notice_deliveries" ADD CONSTRAINT "condo_notice_deliveries_noticeId_fkey" FOREIGN KEY ("noticeId") REFERENCES "condo_notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
