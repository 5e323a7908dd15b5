#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Documents are the Markdown docs shipped in node_modules (pinned by the lock file), referenced by
path relative to this folder, never copied. Each turn is (caller, answers) or (caller, None, probes):
- answers: list of spans copied verbatim from the business's documents (answerable turn);
- None: unanswerable; probes are regexes (case-insensitive) that were grepped over ALL documents of
  the business while writing the turn; the build fails if any of them now matches.
A caller text starting with '!' is a later turn that is NOT a follow-up (the '!' is dropped).
Every later turn is a follow-up unless marked; the first turn never is.
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
NM = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'node_modules'))


def md_files(root, skip=()):
    out = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(NM, root)):
        dirnames[:] = sorted(d for d in dirnames if d != 'node_modules')
        for name in sorted(filenames):
            if not name.endswith('.md'):
                continue
            if any(s in name.upper() for s in skip):
                continue
            out.append(os.path.relpath(os.path.join(dirpath, name), HERE))
    return sorted(out)


BUSINESSES = [
    ('fastify-help', 'Fastify Support', md_files('fastify/docs')),
    ('router-help', 'React Router Help Center',
     md_files('react-router', skip=('CHANGELOG', 'LICENSE'))),
    ('pino-help', 'Pino Logging Support',
     md_files('pino/docs') + [os.path.relpath(os.path.join(NM, 'pino', 'README.md'), HERE)]),
]

U = None  # unanswerable marker

CONVERSATIONS = []


def conv(business, *turns):
    CONVERSATIONS.append((business, turns))


# ---------------------------------------------------------------- fastify-help
F = 'fastify-help'
conv(F,
     ("hi um what's the default body size limit in fastify", ['1048576', '1MiB']),
     ("ok and what option do i use to change it", ['bodyLimit']),
     ("what happens if somebody sends something bigger than that", ['FST_ERR_CTP_BODY_TOO_LARGE']),
     ("can i set it just for one route", ['bodyLimit']),
     ("is there like a maximum i'm not allowed to go above", U, [r'maximum.{0,40}bodyLimit', r'bodyLimit.{0,60}(cannot|can not|must not) exceed']),
     )
conv(F,
     ("how do i run something before every single request", ['onRequest', 'addHook']),
     ("and can that hook be async", ['async/await']),
     ("how many of those request hooks are there", ['ten different hooks']),
     ("which one runs right before my handler", ['preHandler']),
     ("is there a limit on how many hooks i can add", U, [r'(max|limit).{0,30}number of hooks', r'hooks? limit']),
     ("ok and how much does each hook slow down a request like in milliseconds", U, [r'hook.{0,60}(microsecond|\d+ ?ms\b)']),
     )
conv(F,
     ("ok so what's the default keep alive timeout", ['72000', '72 seconds']),
     ("and the connection timeout", ['no timeout']),
     ("what about request timeout what do you suggest", ['120 seconds']),
     ("does the keep alive one apply to http2 too", ['only applies when HTTP/1 is in use']),
     ("so what's the timeout for http2 sessions then", ['http2SessionTimeout', '72000']),
     ("why is it set so low", ['mitigate denial of service attacks']),
     )
conv(F,
     ("is logging turned on by default", ['Logging is disabled by default']),
     ("how do i turn it on", ['logger: true']),
     ("what's the default log level then", ['info']),
     ("and what logging library is that", ['pino']),
     ("can i get nicer looking logs when i'm developing", ['pino-pretty']),
     ("how much slower is it with the pretty output on", U, [r'pretty.{0,80}(slower|times|%)']),
     )
conv(F,
     ("what port does fastify listen on if i don't give it one", ['port: 0', 'first available open port']),
     ("and what host", ['localhost']),
     ("um i'm running it in docker and can't reach it what should i change", ['0.0.0.0']),
     ("same problem with a kubernetes readiness probe", ['0.0.0.0', 'custom hostname']),
     ("how many cpus should each pod get", ['2 vCPU', '1 vCPU']),
     ("and how many replicas should i run", U, [r'\breplicas\b', r'number of (pods|instances) (you|to)']),
     )
conv(F,
     ("can i use express middleware with fastify", ['@fastify/express', '@fastify/middie']),
     ("which of those is faster", ['@fastify/middie', 'improved performance']),
     ("since what version do i need a plugin for that", ['Fastify v3.0.0']),
     ("can i make it only run on certain paths", ['pass the path as the first argument']),
     ("does that work with paths that have parameters in them", ['does not support routes with parameters']),
     ("is there a fastify version of the cors middleware", ['@fastify/cors']),
     )
conv(F,
     ("does fastify support http2", ['HTTP/2 over HTTPS', 'h2c']),
     ("will browsers work with the plain text version", ['not supported by browsers']),
     ("can i use the http2 specific stuff like push streams", ['none of the HTTP/2-specific APIs']),
     ("will that be added in the next version", U, [r'http/?2.{0,80}(next (major|version)|roadmap|planned)']),
     ("how much faster is it than http1 with fastify", U, [r'http/?2.{0,80}(faster|req/sec|requests per second)']),
     )
conv(F,
     ("how long is a major version of fastify supported", ['minimum period of six months']),
     ("and when did version four support end", ['2025-06-30']),
     ("which node versions does version five support", ['20, 22']),
     ("when's version six coming out", U, [r'6\.0\.0', r'v6 (will|is planned|release)', r'fastify@6 (will be released|release date)']),
     ("if i need security fixes after end of life who do i talk to", ['HeroDevs']),
     ("how much does that cost", U, [r'herodevs.{0,200}(\$|price|cost)']),
     )
conv(F,
     ("how do i test my routes without actually starting the server", ['fastify.inject()', 'inject']),
     ("what's that built on", ['light-my-request']),
     ("can i test against a real running server as well", ['fastify.listen()', 'fastify.ready()']),
     ("what do your examples use for the test runner", ['node:test']),
     ("is there a code coverage percentage you want us to hit", U, [r'coverage.{0,60}\d+ ?%', r'\d+ ?%.{0,40}coverage']),
     )
conv(F,
     ("what does fastify use to validate request bodies", ['Ajv']),
     ("which version of it", ['Ajv v8']),
     ("um should i turn on all errors", ['Keep Ajv `allErrors` disabled']),
     ("why is that a problem", ['denial-of-service attacks easier']),
     ("how much slower does it make each request", U, [r'allErrors.{0,120}(\d+ ?%|\d+ ?ms|times slower)']),
     )
conv(F,
     ("are routes case sensitive in fastify", ['caseSensitive', 'registered as case-sensitive']),
     ("ok and is slash foo the same as slash foo with a slash at the end", ['treated as different paths']),
     ("how do i make them the same", ['ignoreTrailingSlash']),
     ("what's the longest a url parameter can be", ['100 characters']),
     ("and what happens if it's longer", ['not found route will be invoked']),
     ("is there a limit on the whole url length", U, [r'(max|maximum|limit).{0,20}url length', r'url length']),
     )
conv(F,
     ("how do i add a custom property to the request object", ['decorateRequest']),
     ("and to the reply", ['decorateReply']),
     ("can i check if one already exists", ['hasRequestDecorator', 'hasDecorator']),
     ("my decorator isn't visible in another plugin why", ['fastify-plugin', 'encapsulation']),
     ("is there a limit on how many decorators i can have", U, [r'(max|limit).{0,30}decorators', r'number of decorators']),
     )
conv(F,
     ("what content types does fastify parse out of the box", ['application/json', 'text/plain']),
     ("and what charset does it assume", ['utf-8']),
     ("what happens if someone sends a type it doesn't know", ['FST_ERR_CTP_INVALID_MEDIA_TYPE']),
     ("does it parse the body on get requests", ['payload is never parsed']),
     ("ok how do i add my own parser", ['addContentTypeParser']),
     ("what's the maximum file size for multipart uploads", U, [r'multipart.{0,120}(\d+ ?mb|file size limit)']),
     )
conv(F,
     ("how do i connect fastify to postgres", ['@fastify/postgres']),
     ("and mongo", ['@fastify/mongodb']),
     ("does the redis one close the connection when the server shuts down", ["doesn't close the client connection"]),
     ("what do you recommend for migrations", ['Postgrator']),
     ("how big should my connection pool be", U, [r'pool size', r'(max|size of).{0,20}pool']),
     )
conv(F,
     ("can i run my fastify app on aws lambda", ['@fastify/aws-lambda']),
     ("is serverless even a good idea for a big app", ['the slower the initial boot will be']),
     ("so what platforms do you suggest instead", ['Google Cloud Run', 'AWS Fargate']),
     ("what's the typical cold start time on lambda", U, [r'cold start.{0,80}(ms|second)', r'boot.{0,40}\d+ ?(ms|s\b|seconds)']),
     )
conv(F,
     ("what does fastify do when json comes in with a proto key", ['error']),
     ("what else can i set it to", ["'remove'", "'ignore'"]),
     ("which option is that", ['onProtoPoisoning']),
     ("and which library does the safe parsing", ['secure-json-parse']),
     ("who wrote the article about that attack", ['Eran Hammer']),
     )
conv(F,
     ("what happens to new requests while the server is shutting down", ['503 Service Unavailable']),
     ("can i turn that off", ['return503OnClosing']),
     ("which hook should i close my database in", ['onClose']),
     ("and if i have a few of those what order do they run in", ['child-plugin hooks execute before parent-plugin hooks']),
     ("and roughly how long does a shutdown take for a big app", U, [r'shut ?down.{0,80}\d+ ?(seconds|ms)', r'clos(e|ing).{0,40}takes? (about|around|up to)']),
     )
conv(F,
     ("my plugin is taking forever to load is there a timeout for that", ['pluginTimeout', '10000']),
     ("what error do i get when it times out", ['ERR_AVVIO_PLUGIN_TIMEOUT']),
     ("can i switch the check off", ['disables this check']),
     ("which library does the plugin loading", ['avvio']),
     ("what's a normal load time for a plugin like a database one", U, [r'plugin.{0,60}(typically|usually|normally) (takes?|loads?)']),
     )
conv(F,
     ("i'm behind a proxy how do i get the real client ip", ['trustProxy']),
     ("what's it set to by default", ['false']),
     ("can i just give it the number of hops", ['Hop-count-only trust is disabled']),
     ("which reverse proxies do you recommend", ['HAProxy', 'Nginx']),
     ("which nginx version should i use", U, [r'nginx (version|\d)', r'nginx/\d']),
     )
conv(F,
     ("is there a way to time out a slow handler", ['handlerTimeout']),
     ("what does the user get back when that happens", ['503 Service Unavailable']),
     ("can i give one route a longer one", ['overridden per-route', 'route-level value takes precedence']),
     ("does it apply to the not found handler too", ['does not apply to 404 handlers']),
     ("and does my handler code stop running", ['continues to run']),
     )
conv(F,
     ("do you offer a paid support contract for fastify", U, [r'support contract', r'paid support']),
     ("!what are the hours for this help line", U, [r'office hours', r'help ?line']),
     ("!ok um does fastify come with an admin panel like django does", U, [r'admin (panel|dashboard)', r'django']),
     )

# ---------------------------------------------------------------- router-help
R = 'router-help'
conv(R,
     ("hi um how do i start a brand new react router project", ['create-react-router']),
     ("ok and once it's running what address do i open", ['http://localhost:5173']),
     ("what node version do i need for version seven", ['node@20']),
     ("and which react version", ['react@18']),
     ("does it run on deno instead of node", U, [r'deno (deploy|is supported|support)', r'run(s|ning)? (on|with) deno']),
     ("how long does the install usually take", U, [r'install.{0,60}(minutes|seconds)']),
     )
conv(R,
     ("what are the different ways i can use react router", ['three primary ways', 'Declarative', 'Framework']),
     ("which one should i pick if we're coming from remix", ['Framework Mode']),
     ("and if we're happy with browser router from v6", ['Declarative Mode']),
     ("is one of them faster at runtime", U, [r'(faster|slower) than (data|declarative|framework)', r'(data|declarative|framework) mode is (faster|slower)']),
     ("which one do most of your customers use", U, [r'most (users|people|apps|customers) (use|choose|pick)', r'most popular']),
     )
conv(R,
     ("can i build a plain single page app with the framework", ['SPA Mode', 'ssr:false']),
     ("where do i set that", ['react-router.config.ts']),
     ("so is server rendering on by default", ['Server rendering is enabled by default']),
     ("what do i show users while it's loading", ['HydrateFallback']),
     ("after deploying i get 404s on pages that should work why", ['configure your host']),
     ("which static hosts do that redirect for you automatically", U, [r'(netlify|vercel|cloudflare pages|github pages).{0,80}(by default|automatically)']),
     )
conv(R,
     ("how do i keep a user logged in between requests", ['createCookieSessionStorage', 'session storage']),
     ("where do you recommend putting that code", ['app/sessions.server.ts']),
     ("is it ok to log people out in a loader", ['Cross-Site Request Forgery']),
     ("can i keep sessions in my own database instead", ['createSessionStorage']),
     ("how long do sessions last by default", U, [r'sessions? (last|expire)s? (after|in)', r'default (session )?(lifetime|expiration|max ?age)']),
     ("is there a built in redis session storage", U, [r'redis']),
     )
conv(R,
     ("how do i sign a cookie so people can't fake it", ['secrets']),
     ("can i rotate those", ['adding new secrets to the front']),
     ("and do old cookies still work after i rotate", ['will still be decoded successfully']),
     ("how long should a secret be", U, [r'secrets?.{0,60}(characters|bytes|long)', r'(length|entropy) of (the|your) secret']),
     ("what's the biggest a cookie can be", U, [r'4 ?kb', r'4096', r'cookie size']),
     )
conv(R,
     ("my app has hundreds of routes can i avoid sending the whole manifest up front", ['Lazy Route Discovery']),
     ("is that turned on by default", ['enabled (the default)']),
     ("what url does it fetch routes from", ['/__manifest']),
     ("we run two apps on the same domain is that a problem", ['manifestPath']),
     ("how much smaller does the first load get", U, [r'\d+ ?(%|kb).{0,60}(smaller|reduc)', r'(smaller|reduc).{0,60}\d+ ?(%|kb)']),
     )
conv(R,
     ("how do i handle file uploads in an action", ['form-data-parser', 'parseFormData']),
     ("my file isn't showing up on the server what am i missing", ['multipart/form-data', 'enctype']),
     ("ok where do i store the files locally", ['file-storage', 'LocalFileStorage']),
     ("who wrote the original guide for that", ['David Adams']),
     ("what's the maximum upload size", U, [r'max(imum)?.{0,20}(file|upload) size', r'maxFileSize', r'\d+ ?mb']),
     ("can it upload straight to s3", U, [r'\bs3\b']),
     )
conv(R,
     ("we use a content security policy what do i need to do", ['nonce']),
     ("where does that go", ['entry.server.tsx']),
     ("is there a prop on the server router for it", ['ServerRouter nonce']),
     ("do you have a guide for adding google sign in", U, [r'oauth', r'google (login|sign.?in)', r'sign in with']),
     ("and does react router do rate limiting", U, [r'rate.?limit']),
     )
conv(R,
     ("how do i animate between pages", ['viewTransition']),
     ("and when i navigate from code", ['viewTransition: true', 'useNavigate']),
     ("what animation do i get without any css", ['cross-fade animation']),
     ("does that work in firefox", U, [r'firefox', r'browser support']),
     ("and how long does that fade last by default", U, [r'cross-fade.{0,80}(\d+ ?ms|seconds)', r'view.?transition.{0,60}duration']),
     )
conv(R,
     ("we're on v6 how hard is it to move to seven", ['no breaking changes', 'enabled all future flags']),
     ("what should we do first", ['Update to latest v6']),
     ("how long does the upgrade usually take for a medium sized app", U, [r'upgrade.{0,60}(hours|days|weeks)']),
     ("what does the relative splat path flag change", ['relative path matching and linking']),
     ("how long will v6 keep getting security fixes", U, [r'v6.{0,80}(security|support).{0,40}(until|end)', r'end of (life|support)']),
     ("is there a tool that does the migration for us automatically", U, [r'v6.{0,100}codemod', r'codemod.{0,100}v6']),
     )
conv(R,
     ("how do i stop someone leaving a page when their form isn't saved", ['useBlocker']),
     ("and if they click leave anyway", ['blocker.proceed()']),
     ("and if they want to stay", ['blocker.reset()']),
     ("can i change the text of the browser's own leave this page popup", U, [r'(popup|dialog|prompt).{0,40}(text|message)', r'returnValue']),
     )
conv(R,
     ("can i do file based routing like in next", ['@react-router/fs-routes']),
     ("what folder does it look in", ['app/routes']),
     ("what do i name the file for the home page", ['_index.tsx']),
     ("what file extensions can i use", ['.js', '.tsx']),
     ("is there a limit on how deep the folders can go", U, [r'(max|maximum|limit)(imum)? (depth|nesting)', r'levels? deep']),
     )
conv(R,
     ("how do i send a 404 from a loader", ['throw data("Not Found", { status: 404 })', 'data']),
     ("and where does that show up", ['closest error boundary']),
     ("ok and how do i log those errors on the server", ['handleError']),
     ("and on the client side", ['onError']),
     ("how long do you keep those error logs", U, [r'(retain|retention|keep).{0,40}logs?', r'logs?.{0,40}(retain|retention)']),
     )
conv(R,
     ("how do i unit test a component that uses link", ['createRoutesStub']),
     ("can i use that to test my route modules directly", ['arguably incompatible']),
     ("so how should i test route components then", ['Integration/E2E test', 'Playwright', 'Cypress']),
     ("which test runner do you recommend for the unit tests", U, [r'recommend.{0,40}(vitest|jest|test runner)', r'vitest']),
     ("and which playwright version is supported", U, [r'playwright.{0,40}\d']),
     )
conv(R,
     ("what order does middleware run in", ['parent routes to child routes']),
     ("how do i pass data from middleware to my loader", ['createContext', 'context']),
     ("do i have to turn it on somewhere", ['v8_middleware']),
     ("how much does it slow down each request", U, [r'middleware.{0,80}(\d+ ?ms|overhead)']),
     ("is there a built in auth middleware", U, [r'built.?in (auth|authentication) middleware']),
     )
conv(R,
     ("where can i deploy a react router app with docker", ['AWS ECS', 'Fly.io', 'Google Cloud Run']),
     ("which template comes with a database", ['Node with Docker and Postgres']),
     ("what does it use to talk to the database", ['Drizzle']),
     ("do you have a template for kubernetes", U, [r'kubernetes', r'\bk8s\b']),
     ("roughly what would hosting on fly cost me", U, [r'fly\.io.{0,80}(\$|price|cost|free tier)']),
     )
conv(R,
     ("how do i show a spinner while the next page is loading", ['useNavigation']),
     ("and just on the link that was clicked", ['NavLink']),
     ("what about while a form is submitting", ['fetcher', 'useNavigation']),
     ("how long should i wait before showing it", U, [r'(wait|delay).{0,40}\d+ ?ms', r'spinner.{0,60}(delay|after)']),
     )
conv(R,
     ("do react router links work with screen readers", ['standard anchor tag']),
     ("who did the research on accessible client side routing", ['Marcy Sutton']),
     ("what year was that", ['2019']),
     ("did you run your own screen reader testing after that", U, [r'screen reader test', r'we (tested|audited)']),
     ("is react router certified as wcag compliant", U, [r'certif', r'wcag (2\.\d|aa)', r'compliant']),
     )
conv(R,
     ("my loaders run again after every form submit can i stop that", ['shouldRevalidate']),
     ("does that happen for every navigation too", ['automatically revalidated after all navigations']),
     ("how many milliseconds does a revalidation usually add", U, [r'revalidat.{0,80}\d+ ?ms']),
     ("and is there a way to cache loader data between navigations built in", U, [r'built.?in (cache|caching)', r'loader (cache|caching)']),
     )
conv(R,
     ("um how much is a premium support plan for react router", U, [r'premium', r'support plan', r'pricing']),
     ("!and are you open on weekends", U, [r'weekend', r'saturday']),
     ("!ok how do i set up nested routes in vue router", U, [r'vue']),
     )

# ---------------------------------------------------------------- pino-help
P = 'pino-help'
conv(P,
     ("hi what's the default log level in pino", ['info']),
     ("and what number is that level", ['info: 30']),
     ("what's the highest level", ['fatal']),
     ("how do i turn logging off completely", ['enabled', 'silent']),
     ("how many log lines per second can it handle at info", U, [r'(lines|logs|messages) per second', r'ops/sec']),
     )
conv(P,
     ("how do i hide passwords in my logs", ['redact']),
     ("what does it replace them with", ["'[Redacted]'", 'censor']),
     ("can i remove the key completely instead", ['redact.remove', 'remove']),
     ("are the paths case sensitive", ['paths are **case sensitive**', 'case sensitive']),
     ("how much does redaction slow things down", ['about 2% overhead', 'within noise']),
     ("is there a list of fields you redact automatically", U, [r'redact(ed|s)? (by default|automatically)', r'default (redact|redacted) (paths|fields)']),
     )
conv(P,
     ("how do i make the logs readable when i'm developing", ['pino-pretty']),
     ("what format are they normally in", ['NDJSON', 'newline delimited JSON']),
     ("does logger flush work with the pretty output", ['does not flush the output of `pino-pretty`']),
     ("can i change the colors it uses", U, [r'colou?r(s|ize)?.{0,60}(theme|custom)', r'customColors']),
     )
conv(P,
     ("i'm logging from aws lambda and losing some log lines why", ['delayed or lost log messages']),
     ("what should i do about it", ['sync: true']),
     ("is there a transport for cloudwatch", ['pino-cloudwatch', 'pino-lambda']),
     ("how long does it take for logs to show up in cloudwatch", U, [r'cloudwatch.{0,100}(seconds|minutes|delay)']),
     ("and on google cloud all my logs show up as info how do i fix that", ['@google-cloud/pino-logging-gcp-config', 'severity']),
     ("does google charge extra for the structured logs", U, [r'google.{0,80}(charge|price|pricing|cost|billing)']),
     )
conv(P,
     ("how does async logging work in pino", ['buffering log messages', 'larger chunks']),
     ("what's the risk with it", ['power cut', 'most recently buffered log messages']),
     ("what library does the writing under the hood", ['sonic-boom']),
     ("how big is that buffer by default", U, [r'buffer.{0,40}(\d+ ?(kb|bytes|mb)|default)', r'minLength.{0,40}default']),
     ("so how many lines could i lose in a crash", U, [r'lose.{0,40}\d+ (lines|messages)']),
     )
conv(P,
     ("how should i rotate my log files", ['logrotate']),
     ("where does the config for that go", ['/etc/logrotate.d/myapp']),
     ("is there any risk of losing lines with that", ['copytruncate', 'very slight possibility of lost log lines']),
     ("how often does your example rotate them", ['daily']),
     ("and how many old files does it keep", ['rotate 7']),
     )
conv(P,
     ("what's a transport in pino", ['transmitting and transforming log output']),
     ("where does the transport code run", ['separate worker thread', 'Worker Thread']),
     ("can i write one in esm if my project is commonjs", ['ESM files are supported']),
     ("how many transports can i run at once", U, [r'(max|maximum|limit).{0,30}transports', r'up to \d+ (transports|targets)']),
     ("what's the memory cost of each worker", U, [r'worker.{0,80}(\d+ ?mb|memory (usage|cost|footprint))']),
     )
conv(P,
     ("can i send pino logs to elasticsearch", ['pino-elasticsearch']),
     ("what about datadog", ['pino-datadog']),
     ("and discord", ['pino-discord-webhook']),
     ("which version of elasticsearch does that support", U, [r'elasticsearch (\d|version|v\d)']),
     ("how much does datadog charge for that", U, [r'datadog.{0,80}(price|pricing|cost)']),
     )
conv(P,
     ("how do i use pino with express", ['pino-http']),
     ("and with nest", ['nestjs-pino']),
     ("what about fastify", ['Pino with Fastify']),
     ("does it log the request body automatically", U, [r'(request|req) body.{0,60}(logged|automatically|by default)', r'log(s|ged)? the (request )?body']),
     ("can i turn off logging for the health check route", U, [r'health ?check', r'autoLogging.{0,40}ignore']),
     )
conv(P,
     ("how do i add the same field to every log line", ['base', 'mixin']),
     ("what's in there by default", ['{pid: process.pid, hostname: os.hostname()}', 'hostname']),
     ("and can i leave out the hostname", ['undefined']),
     ("does pino tell me which node version wrote each line", U, [r'node (version|v\d).{0,40}(each )?log line']),
     ("is there a way to add the git commit to every line automatically", U, [r'git (commit|sha|hash)']),
     )
conv(P,
     ("what's a child logger", ['logger.child']),
     ("can i change the bindings after it's created", ['logger.setBindings']),
     ("how do i see what bindings it has", ['logger.bindings()']),
     ("is there a limit on how many child loggers i can create", U, [r'(max|limit).{0,30}child loggers', r'number of child loggers']),
     ("does making lots of them leak memory", U, [r'child.{0,80}(leak|memory)', r'memory leak']),
     )
conv(P,
     ("what key does pino use for the message", ["'msg'"]),
     ("and for errors", ["'err'"]),
     ("is there a timestamp by default", ['timestamp']),
     ("what format is the default timestamp", ['Milliseconds since Unix epoch', 'epochTime']),
     ("can it show local time in my time zone instead", U, [r'time ?zone', r'local time']),
     ("can i make it use windows line endings", ['crlf']),
     )
conv(P,
     ("can i use pino in the browser", ['browserify', 'Browser API']),
     ("what does it use for output there", ['console']),
     ("does pino transport work in the browser", ['Node.js only']),
     ("how big is the browser bundle", U, [r'(bundle|browser).{0,40}\d+ ?(kb|kib)', r'minified.{0,40}\d']),
     )
conv(P,
     ("how long is each pino major version supported", ['minimum period of six months']),
     ("and security fixes after the next major comes out", ['additional six months']),
     ("when is pino eleven coming out", U, [r'\bv11\b', r'11\.0\.0', r'pino 11']),
     ("do you sell extended support for old versions", U, [r'herodevs', r'commercial (support|security)', r'never ending support']),
     )
conv(P,
     ("i'm bundling my app with esbuild will pino work", ['bundling', 'esbuild']),
     ("is there a plugin for that", ['esbuild-plugin-pino']),
     ("does it work with vite too", U, [r'\bvite\b']),
     ("how much bigger does my bundle get with pino in it", U, [r'bundle.{0,60}\d+ ?(kb|mb|kib)']),
     )
conv(P,
     ("how do i send error logs to a different file from everything else", ['pino.multistream', 'multistream']),
     ("can i make sure each line only goes to one of them", ['dedupe']),
     ("what's that set to by default", ['false']),
     ("how many streams can i add", U, [r'(max|maximum|limit).{0,30}streams', r'up to \d+ streams']),
     ("does the error file get rotated on its own", U, [r'multistream.{0,100}rotat']),
     )
conv(P,
     ("how deep does pino go into nested objects", ['depthLimit', '5']),
     ("and how many properties per object", ['edgeLimit', '100']),
     ("what happens to the stuff past the limit", U, [r'(beyond|past|exceed).{0,40}(limit|depth)', r'\[\.\.\.\]']),
     ("is there a max length for a single log line", U, [r'(max|maximum)(imum)? (line|message) (length|size)']),
     )
conv(P,
     ("do you offer a paid support plan for pino", U, [r'support plan', r'paid support']),
     ("!what time does your help desk close today", U, [r'help ?desk', r'office hours']),
     ("!ok and how do i set log levels in winston", U, [r'winston.{0,60}(setLevel|level:)']),
     )

conv(F,
     ("how do i get typescript types for my request body from the schema", ['Type Providers', 'type provider']),
     ("which ones are there", ['@fastify/type-provider-typebox', '@fastify/type-provider-json-schema-to-ts']),
     ("which of those do you recommend", U, [r'(recommend|prefer).{0,40}(typebox|json-schema-to-ts)']),
     ("does it make my app slower at runtime", U, [r'type provider.{0,120}(runtime (cost|overhead)|slower)']),
     )
conv(P,
     ("does pino work with typescript", ['TypeScript']),
     ("which typescript version do i need", U, [r'typescript (v|version )?\d', r'typescript@\d']),
     ("and is there a pino for python", U, [r'python']),
     )
# ---------------------------------------------------------------- build


def main():
    businesses, texts = [], {}
    used = {b for b, _ in CONVERSATIONS}
    for bid, name, docs in BUSINESSES:
        if bid not in used:
            continue
        assert len(docs) >= 10, (bid, len(docs))
        businesses.append({'id': bid, 'companyName': name, 'documents': docs})
        texts[bid] = [open(os.path.join(HERE, d), encoding='utf8').read() for d in docs]
    norm = lambda s: re.sub(r'\s+', ' ', s.lower()).strip()
    normed = {b: [norm(t) for t in ts] for b, ts in texts.items()}
    errors, out = [], []
    for n, (bid, turns) in enumerate(CONVERSATIONS, 1):
        cid = f'c{n:03d}'
        rows = []
        for i, turn in enumerate(turns):
            caller, answers = turn[0], turn[1]
            followup = i > 0
            if caller.startswith('!'):
                caller, followup = caller[1:], False
            if answers is None:
                for probe in turn[2]:
                    for d, t in zip(next(b for b in BUSINESSES if b[0] == bid)[2], texts[bid]):
                        m = re.search(probe, t, re.I | re.S)
                        if m:
                            errors.append(f'{cid} t{i+1}: probe {probe!r} matches {d}: {m.group(0)[:80]!r}')
            else:
                for a in answers:
                    if not any(norm(a) in t for t in normed[bid]):
                        errors.append(f'{cid} t{i+1}: span {a!r} not found')
            rows.append({'caller': caller, 'answerable': answers is not None,
                         'answers': answers or [], 'followup': followup})
        out.append({'id': cid, 'business': bid, 'turns': rows})
    if errors:
        print('\n'.join(errors))
        sys.exit(1)
    with open(os.path.join(HERE, 'conversations.json'), 'w', encoding='utf8') as f:
        json.dump({'businesses': businesses, 'conversations': out}, f, indent=2, ensure_ascii=False)
        f.write('\n')
    print(f'{len(out)} conversations, {sum(len(c["turns"]) for c in out)} turns')


if __name__ == '__main__':
    main()
