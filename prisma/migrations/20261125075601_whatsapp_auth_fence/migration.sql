-- CreateTable
CREATE TABLE "whatsapp_auth_fence" (
    "account" TEXT NOT NULL,
    "epoch" BIGINT NOT NULL,
    "holder" TEXT NOT NULL,
    "claimed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whatsapp_auth_fence_pkey" PRIMARY KEY ("account")
);
