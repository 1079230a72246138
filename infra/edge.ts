/**
 * What stands in front of the API (issue 28), both off by default:
 *
 * - A custom domain (`-c domainName=api.example.com`) with its certificate: an ACM certificate you
 *   already have (`-c certificateArn=...`), or one the stack requests and validates in a Route 53 zone
 *   (`-c hostedZoneId=... -c hostedZoneName=example.com`, which also gets the alias record).
 * - AWS WAF (`-c waf=true`). WAF cannot be attached to an API Gateway HTTP API (only to REST APIs,
 *   CloudFront, ALBs and a few others), so the option puts a CloudFront distribution in front of the API
 *   and attaches a CLOUDFRONT-scope web ACL to it: AWS managed rule groups (IP reputation, known bad
 *   inputs, the common rule set) and a rate-based rule per source IP. CloudFront-scope web ACLs (and the
 *   certificates of a distribution's domain) exist only in us-east-1, so the option needs the stack
 *   there; the custom domain then belongs to the distribution. CloudFront adds the operator's origin
 *   secret (`-c originVerifySecret=...`) as a header the API Lambdas require, so the execute-api URL no
 *   longer reaches the API around WAF (functions/platform/http/origin-verify.ts).
 */
import type { Stack } from 'aws-cdk-lib';
import { Token } from 'aws-cdk-lib';
import { ApiMapping, DomainName, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { ARecord, HostedZone, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties, CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { API_PREFIX } from '../functions/platform/catalogue/endpoint.js';
import { ORIGIN_VERIFY_HEADER } from '../functions/platform/http/origin-verify.js';
import { contextFlag, contextNumber, contextString } from './context.js';

export const EDGE_CONTEXT = {
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  hostedZoneId: 'hostedZoneId',
  hostedZoneName: 'hostedZoneName',
  waf: 'waf',
  /** Requests one source IP may make in 5 minutes before WAF blocks it (default 3000, 10 a second). */
  wafRateLimit: 'wafRateLimit',
  /**
   * With `waf`: the value CloudFront sends as x-origin-verify and the API Lambdas require. It proves a
   * request came through our distribution, not who sent it; it is readable in the template, the
   * distribution's configuration and the Lambdas' environment. Rotate by deploying with a new value.
   */
  originVerifySecret: 'originVerifySecret',
} as const;

/** Header-safe and long enough not to be guessed (`openssl rand -hex 32` gives 64 characters). */
const ORIGIN_SECRET_SHAPE = /^[A-Za-z0-9_-]{32,}$/;

/**
 * Above the per-organisation default (600 a minute, 3000 in 5 minutes) so one office behind one address
 * running a whole organisation's traffic is never blocked by WAF before our own limiter answers 429.
 */
export const WAF_DEFAULTS = { ratePer5MinutesPerIp: 3000 } as const;

/**
 * Rules of the common rule set that would refuse legitimate API calls, counted instead of blocked:
 * bodies over 8 KB (a 100-line order is bigger; the API's own limit is 100 KB) and requests without a
 * User-Agent (server-to-server integrations often send none).
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'NoUserAgent_HEADER'] as const;

export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

export interface Edge {
  /** The API's base URL as clients should use it (ApiUrl output). */
  url: string;
  /** Whether clients reach it on a custom domain (`-c domainName`). */
  hasDomain: boolean;
  webAcl?: CfnWebACL;
  distribution?: Distribution;
  apiDomain?: DomainName;
  /** WAF's blocked requests of the web ACL (all rules), for the alarm and the dashboard. */
  blockedRequests?: Metric;
  /** The secret CloudFront sends to the origin; the API Lambdas get it as ORIGIN_VERIFY_SECRET. */
  originSecret?: string;
}

interface DomainChoice {
  name: string;
  certificate: ICertificate;
  zone?: IHostedZone;
}

function domainChoice(stack: Stack): DomainChoice | undefined {
  const name = contextString(stack, EDGE_CONTEXT.domainName);
  const certificateArn = contextString(stack, EDGE_CONTEXT.certificateArn);
  const zoneId = contextString(stack, EDGE_CONTEXT.hostedZoneId);
  const zoneName = contextString(stack, EDGE_CONTEXT.hostedZoneName);
  if (!name) {
    if (certificateArn || zoneId || zoneName) {
      throw new Error(
        `${EDGE_CONTEXT.domainName} is needed with certificateArn, hostedZoneId or hostedZoneName`,
      );
    }
    return undefined;
  }
  if (Boolean(zoneId) !== Boolean(zoneName)) {
    throw new Error(`${EDGE_CONTEXT.hostedZoneId} and ${EDGE_CONTEXT.hostedZoneName} go together`);
  }
  const zone =
    zoneId && zoneName
      ? HostedZone.fromHostedZoneAttributes(stack, 'HostedZone', { hostedZoneId: zoneId, zoneName })
      : undefined;
  if (!certificateArn && !zone) {
    throw new Error(
      `${EDGE_CONTEXT.domainName} needs ${EDGE_CONTEXT.certificateArn} (an ACM certificate for it) or ` +
        `${EDGE_CONTEXT.hostedZoneId} and ${EDGE_CONTEXT.hostedZoneName} (to request one)`,
    );
  }
  const certificate = certificateArn
    ? Certificate.fromCertificateArn(stack, 'Certificate', certificateArn)
    : new Certificate(stack, 'Certificate', {
        domainName: name,
        validation: CertificateValidation.fromDns(zone),
      });
  return { name, certificate, zone };
}

export function addEdge(stack: Stack, api: HttpApi): Edge {
  const domain = domainChoice(stack);
  const waf = contextFlag(stack, EDGE_CONTEXT.waf, false);
  if (waf) return behindWaf(stack, api, domain);
  if (!domain) return { url: `${api.apiEndpoint}${API_PREFIX}`, hasDomain: false };

  const apiDomain = new DomainName(stack, 'ApiDomain', {
    domainName: domain.name,
    certificate: domain.certificate,
  });
  // The whole API at the domain's root: https://<domain>/api/v1/... as on the execute-api URL.
  new ApiMapping(stack, 'ApiDomainMapping', { api, domainName: apiDomain });
  if (domain.zone) {
    new ARecord(stack, 'ApiDomainRecord', {
      zone: domain.zone,
      recordName: domain.name,
      target: RecordTarget.fromAlias(
        new ApiGatewayv2DomainProperties(apiDomain.regionalDomainName, apiDomain.regionalHostedZoneId),
      ),
    });
  }
  return { url: `https://${domain.name}${API_PREFIX}`, hasDomain: true, apiDomain };
}

function behindWaf(stack: Stack, api: HttpApi, domain: DomainChoice | undefined): Edge {
  if (Token.isUnresolved(stack.region) || stack.region !== 'us-east-1') {
    throw new Error(
      `${EDGE_CONTEXT.waf}=true needs the stack in us-east-1 (-c region=us-east-1): an HTTP API takes no ` +
        'web ACL, so WAF runs on a CloudFront distribution, whose web ACL and certificate live in us-east-1',
    );
  }
  const originSecret = contextString(stack, EDGE_CONTEXT.originVerifySecret);
  if (!originSecret || !ORIGIN_SECRET_SHAPE.test(originSecret)) {
    throw new Error(
      `${EDGE_CONTEXT.waf}=true needs ${EDGE_CONTEXT.originVerifySecret}: at least 32 letters, digits, - or _ ` +
        '(`openssl rand -hex 32`), which CloudFront sends to the API so the execute-api URL cannot bypass WAF',
    );
  }
  const limit = contextNumber(stack, EDGE_CONTEXT.wafRateLimit, WAF_DEFAULTS.ratePer5MinutesPerIp, {
    min: 10,
    integer: true,
  });
  const name = `${stack.stackName}-api`;
  const visibility = (metricName: string) => ({
    cloudWatchMetricsEnabled: true,
    sampledRequestsEnabled: true,
    metricName,
  });
  const managed = (group: (typeof MANAGED_RULE_GROUPS)[number], priority: number) => ({
    name: group,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: group,
        ...(group === 'AWSManagedRulesCommonRuleSet'
          ? {
              ruleActionOverrides: COMMON_RULES_COUNTED.map((rule) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            }
          : {}),
      },
    },
    visibilityConfig: visibility(group),
  });
  const webAcl = new CfnWebACL(stack, 'WebAcl', {
    name,
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility(name),
    rules: [
      {
        name: 'RatePerSourceIp',
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
        visibilityConfig: visibility('RatePerSourceIp'),
      },
      ...MANAGED_RULE_GROUPS.map((group, i) => managed(group, i + 1)),
    ],
  });

  const distribution = new Distribution(stack, 'ApiDistribution', {
    comment: `${stack.stackName}: the API behind AWS WAF`,
    defaultBehavior: {
      origin: new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        // CloudFront overwrites a viewer's header of the same name, so only it can send the right value.
        customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // Every response is per key and per organisation: nothing is cached at the edge.
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Headers (Authorization, If-Match, Idempotency-Key), query and body pass through; Host is the
      // origin's, or API Gateway would not find the API.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    },
    webAclId: webAcl.attrArn,
    priceClass: PriceClass.PRICE_CLASS_100,
    minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
    ...(domain ? { domainNames: [domain.name], certificate: domain.certificate } : {}),
  });
  if (domain?.zone) {
    new ARecord(stack, 'ApiDomainRecord', {
      zone: domain.zone,
      recordName: domain.name,
      target: RecordTarget.fromAlias(new CloudFrontTarget(distribution)),
    });
  }
  const host = domain?.name ?? distribution.distributionDomainName;
  const blockedRequests = new Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    dimensionsMap: { WebACL: name, Rule: 'ALL' },
    statistic: 'Sum',
  });
  return {
    url: `https://${host}${API_PREFIX}`,
    hasDomain: domain !== undefined,
    webAcl,
    distribution,
    blockedRequests,
    originSecret,
  };
}
