'use server';
// The test operator page's buttons (test mode only): parse, one domain call, back to where the
// operator would send the payer (the checkout page, or the confirm's returnUrl).
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { answerTestOperator, TEST_OPERATOR_ANSWERS } from '@/lib/checkout/test-operator';
import { getDb } from '@/lib/db/client';
import { DomainError } from '@/lib/errors';

const input = z.object({ attempt: z.string().regex(/^att_[A-Za-z0-9]{1,100}$/), answer: z.enum(TEST_OPERATOR_ANSWERS) });

export async function answer(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) redirect('/test-operator/invalid');
  const parsed = input.safeParse(Object.fromEntries(form));
  if (!parsed.success) redirect('/test-operator/invalid');
  let target = `/test-operator/${parsed.data.attempt}`;
  try {
    target = (await answerTestOperator(await getDb(), parsed.data.attempt, parsed.data.answer)).returnUrl || target;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
  }
  redirect(target);
}
