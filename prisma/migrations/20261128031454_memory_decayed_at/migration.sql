-- AlterTable
ALTER TABLE "user_memories" ADD COLUMN     "decayedAt" TIMESTAMP(3);
