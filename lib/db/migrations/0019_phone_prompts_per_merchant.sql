-- Phone prompt limits per merchant (lib/domain/phone-limits.ts): each entry of phone_prompts.sent
-- now names the merchant and the attempt it was sent for, and its time in unix milliseconds:
-- {"m": "acct_...", "a": "att_...", "t": 1712345678901}. The entries recorded before (unix
-- seconds, no merchant) are kept for what is left of their hour as prompts of an unknown
-- merchant: they count toward the phone's ceiling, not toward any merchant's own limit.
update phone_prompts
   set sent = coalesce(
     (select jsonb_agg(jsonb_build_object('m', null, 'a', null, 't', (e #>> '{}')::bigint * 1000))
        from jsonb_array_elements(sent) as e
       where jsonb_typeof(e) = 'number'),
     '[]'::jsonb)
 where jsonb_typeof(sent) = 'array';
