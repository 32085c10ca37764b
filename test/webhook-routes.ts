// Registers the events and webhook endpoint routes with the test harness (test/api.ts).
import { addRoute } from './api';
import * as evList from '@/app/v1/events/route';
import * as evOne from '@/app/v1/events/[id]/route';
import * as weList from '@/app/v1/webhook_endpoints/route';
import * as weOne from '@/app/v1/webhook_endpoints/[id]/route';
import * as weRoll from '@/app/v1/webhook_endpoints/[id]/roll_secret/route';
import * as whdList from '@/app/v1/webhook_endpoints/[id]/deliveries/route';
import * as whdOne from '@/app/v1/webhook_endpoints/[id]/deliveries/[deliveryId]/route';
import * as whdRetry from '@/app/v1/webhook_endpoints/[id]/deliveries/[deliveryId]/retry/route';

addRoute(/^\/v1\/events$/, evList);
addRoute(/^\/v1\/events\/(?<id>[^/]+)$/, evOne);
addRoute(/^\/v1\/webhook_endpoints$/, weList);
addRoute(/^\/v1\/webhook_endpoints\/(?<id>[^/]+)$/, weOne);
addRoute(/^\/v1\/webhook_endpoints\/(?<id>[^/]+)\/roll_secret$/, weRoll);
addRoute(/^\/v1\/webhook_endpoints\/(?<id>[^/]+)\/deliveries$/, whdList);
addRoute(/^\/v1\/webhook_endpoints\/(?<id>[^/]+)\/deliveries\/(?<deliveryId>[^/]+)$/, whdOne);
addRoute(/^\/v1\/webhook_endpoints\/(?<id>[^/]+)\/deliveries\/(?<deliveryId>[^/]+)\/retry$/, whdRetry);
