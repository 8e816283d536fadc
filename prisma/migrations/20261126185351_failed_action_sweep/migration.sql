-- AlterTable
ALTER TABLE "actions" ADD COLUMN     "providerSweptAt" TIMESTAMP(3);
