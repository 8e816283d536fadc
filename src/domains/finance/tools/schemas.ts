import { z } from 'zod';
import { PRODUCT } from '../../../../config/product';
import { CATEGORIES, CATEGORY_TYPES } from '../categories';

/**
 * The zod pieces the finance tools share. `parameters` schemas (what a model may state) use the
 * understander's entity names and describe each field in Spanish; `input` schemas are what a use
 * case runs with after Gate 3, and repeat its limits so a tool never runs on a value Gate 3
 * would have refused.
 */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
export const cents = z.number().int().positive().max(PRODUCT.maxFinanceAmountCents);
export const balanceCents = z.number().int().min(0).max(PRODUCT.maxFinanceAmountCents);
export const category = z.enum(CATEGORIES);
export const categoryType = z.enum(CATEGORY_TYPES);
export const description = z.string().min(1).max(120);

export const WRITERS = ['owner', 'operator'] as const;

/** A DATE column value as `YYYY-MM-DD`. */
export const isoOf = (date: Date): string => date.toISOString().slice(0, 10);
