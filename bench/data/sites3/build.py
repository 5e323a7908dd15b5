#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Documents are HTML documentation sites installed from Debian packages on the machine (the Apache httpd 2.4 manual
from apache2-doc, the Debian Administrator's Handbook from debian-handbook, the PostgreSQL 15 manual from
postgresql-doc-15), referenced by ABSOLUTE path, never copied. Pages are whole HTML files as a crawler would save
them (navigation, headers and footers left in).
Each turn is (caller, answers) or (caller, None, probes):
- answers: spans copied verbatim from the VISIBLE text of one of the business's pages (script, style, head and
  comments dropped, tags removed, entities decoded); a span must be found in one page both when tags are removed
  and when they are replaced by a space, so it does not straddle markup in a way an extractor could split;
- None: unanswerable; probes are regexes (case-insensitive) that were grepped over the visible text of ALL pages
  of the business while writing the turn; the build fails if any of them now matches.
A caller text starting with '!' is a later turn that is NOT a follow-up (the '!' is dropped).
Every later turn is a follow-up unless marked; the first turn never is.
"""
import html, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
APACHE = '/usr/share/doc/apache2-doc/manual/en'
DEBIAN = '/usr/share/doc/debian-handbook/html/en-US'
POSTGRES = '/usr/share/doc/postgresql-doc-15/html'

# English pages only: in this apache2-doc build, en/bind, en/install, en/invoking and en/upgrading are in Portuguese
# and were left out.
APACHE_PAGES = ('getting-started stopping configuring sections logs caching urlmapping custom-error mpm '
                'vhosts/name-based vhosts/ip-based vhosts/examples vhosts/details '
                'ssl/ssl_howto ssl/ssl_faq ssl/ssl_intro '
                'howto/auth howto/access howto/htaccess howto/cgi howto/reverse_proxy howto/http2 howto/public_html '
                'rewrite/intro rewrite/flags rewrite/avoid rewrite/remapping '
                'misc/security_tips misc/perf-tuning misc/password_encryptions '
                'mod/core mod/mod_ssl mod/mod_proxy mod/mod_rewrite mod/mpm_common mod/mod_deflate mod/mod_expires '
                'mod/mod_status mod/mod_log_config mod/mod_authz_core mod/mod_alias mod/mod_reqtimeout '
                'mod/event mod/prefork mod/mod_dir '
                'programs/apachectl programs/htpasswd programs/ab programs/rotatelogs').split()
DEBIAN_PAGES = ('installation sect.installation-steps sect.after-first-boot apt sect.apt-get sect.apt-cache '
                'sect.apt-frontends sect.regular-upgrades sect.automatic-upgrades sect.dist-upgrade '
                'sect.package-authentication sect.manipulating-packages-with-dpkg packaging-system '
                'sect.coexistence-with-other-packaging-systems sect.release-lifecycle sect.why-debian '
                'basic-configuration sect.network-config sect.hostname-name-service sect.user-group-databases '
                'sect.creating-accounts sect.shell-environment sect.config-printing sect.config-bootloader '
                'sect.config-misc sect.backup sect.quotas sect.remote-login sect.rights-management '
                'sect.administration-interfaces sect.syslog sect.task-scheduling-cron-atd '
                'sect.asynchronous-task-scheduling-anacron sect.kernel-installation unix-services '
                'sect.http-web-server sect.firewall-packet-filtering sect.monitoring sect.supervision '
                'sect.other-security-considerations sect.dealing-with-compromised-machine solving-problems '
                'sect.windows-file-server-with-samba sect.nfs-file-server').split()
POSTGRES_PAGES = ('tutorial-install tutorial-arch tutorial-createdb tutorial-accessdb tutorial-table tutorial-populate '
                  'tutorial-select tutorial-transactions install-requirements install-procedure '
                  'install-post creating-cluster server-start server-shutdown upgrading pgupgrade config-setting '
                  'runtime-config-file-locations runtime-config-connection runtime-config-resource '
                  'runtime-config-autovacuum runtime-config-logging client-authentication auth-pg-hba-conf '
                  'auth-username-maps auth-methods auth-trust auth-password auth-peer client-authentication-problems '
                  'backup-dump backup-file continuous-archiving routine-vacuuming logfile-maintenance '
                  'monitoring-stats database-roles role-attributes manage-ag-createdb '
                  'manage-ag-templatedbs ssl-tcp app-psql app-pgdump app-pgrestore app-pg-dumpall app-createdb '
                  'app-createuser app-vacuumdb app-pg-ctl app-initdb').split()

BUSINESSES = [
    ('apache-help', 'Apache HTTP Server Help Desk', [f'{APACHE}/{p}.html' for p in APACHE_PAGES]),
    ('debian-help', 'Debian Admin Helpline', [f'{DEBIAN}/{p}.html' for p in DEBIAN_PAGES]),
    ('postgres-help', 'PostgreSQL Support Line', [f'{POSTGRES}/{p}.html' for p in POSTGRES_PAGES]),
]


def visible(page, sep):
    page = re.sub(r'(?is)<(script|style|noscript|template)\b.*?</\1\s*>', ' ', page)
    page = re.sub(r'(?s)<!--.*?-->', ' ', page)
    page = re.sub(r'(?is)<head\b.*?</head\s*>', ' ', page)
    return html.unescape(re.sub(r'(?s)<[^>]*>', sep, page))


U = None  # unanswerable marker
CONVERSATIONS = []


def conv(business, *turns):
    CONVERSATIONS.append((business, turns))


# ---------------------------------------------------------------- apache-help
A = 'apache-help'
conv(A,
     ("hi um how do i put a password on one folder of my site", ['create a password file', 'htpasswd utility']),
     ("ok and is the password sent encrypted when people log in", ['the server unencrypted', 'Basic authentication sends the password']),
     ("how do i add a second person to the same file", ['appended to the existing file']),
     ("and how many people can i put in there before it gets slow", ['above a few hundred entries']),
     ("roughly how many times faster is the dbm file then", U, [r'dbm.{0,120}(\d+|ten|two|three) times faster', r'(\d+|ten|two|three) times faster.{0,120}dbm']),
     )
conv(A,
     ("my dot htaccess file is being completely ignored why would that be", ['default value of AllowOverride is None', 'completely ignored']),
     ("ok so what do i set so it works for passwords", ['AllowOverride AuthConfig']),
     ("does turning that on slow the server down", ['causes a performance hit']),
     ("like by how much roughly what percent", U, [r'htaccess.{0,200}\d+ ?(%|percent)', r'performance hit.{0,200}\d+ ?(%|percent)']),
     ("does nginx read dot htaccess files too", U, [r'nginx.{0,100}htaccess', r'htaccess.{0,100}nginx']),
     ("and do the rules also apply to the folders inside it", ['all subdirectories thereof']),
     )
conv(A,
     ("hi which port does https use", ['the standards specify port 443']),
     ("can i run it on a different one", ['You can run HTTPS on any port']),
     ("and can i have normal http and https on the same server", ['no direct conflict between them']),
     ("how do i make a certificate just for testing", ['self-signed']),
     ("and how much does a real one from a commercial ca cost", U, [r'(\$|€|£) ?\d+(\.\d\d)? (per|a|each) (year|month|certificate)', r'\d+ ?(dollars|euros|pounds)\b', r'(usd|eur) ?\d', r'(cost|price|fee)s? (of|for) (a |the )?(certificate|signing)']),
     )
conv(A,
     ("every time apache restarts it asks me for a pass phrase how do i stop that", ['Remove the encryption from the RSA private key']),
     ("is that safe to do", ['removes a layer of security']),
     ("who should be able to read the key file then", ['only readable by root', 'only root or the web server user']),
     ("how often should i replace the key", U, [r'(replace|rotate|renew|regenerate)\w* (the |your )?(private )?key.{0,60}(every|year|month|days)', r'(every|each) (\d+ )?(year|month)s?.{0,60}(private )?key']),
     ("ok and how do i check the key matches my certificate", ['compare these numbers']),
     )
conv(A,
     ("can i host several https websites on one ip address", ['Server Name Indication', 'SNI']),
     ("what versions do i need for that", ['2.2.12 or later web server', '0.9.8j or later OpenSSL']),
     ("and if the browser doesn't support it what happens", ['it just used the first one it found']),
     ("which browsers support it", U, [r'(firefox|chrome|safari|opera|edge|msie|internet explorer|netscape).{0,100}(sni|server name indication)', r'(sni|server name indication).{0,100}(firefox|chrome|safari|opera|edge|msie|internet explorer|netscape)']),
     ("is there a way round it without sni", ['Using separate IP addresses for different SSL hosts', 'Using different port numbers for different SSL hosts']),
     )
conv(A,
     ("how do i restart apache without cutting off people who are downloading", ['graceful', 'exit after their current request']),
     ("what signal is that if i use kill", ['USR1']),
     ("will it still restart if my config has a typo", ['the server will refuse to restart']),
     ("ok and how long does a graceful restart take usually", U, [r'graceful (restart|stop)s? (usually |typically )?takes?', r'restart.{0,60}(takes?|within|about) (about |around )?\d+ ?(ms|milliseconds|seconds)']),
     ("what does a g mean on the status page", ['still serving requests started before the graceful restart']),
     )
conv(A,
     ("um how do i check my config for mistakes before restarting", ['configtest', 'Run a configuration file syntax test']),
     ("what does it print if it's fine", ['Syntax Ok']),
     ("and how do i see how busy the server is from the command line", ['fullstatus', 'a text-based browser such as lynx']),
     ("does that work on windows", U, [r'apache2?ctl.{0,200}windows', r'windows.{0,200}apache2?ctl']),
     ("and which version of apache is the newest right now", U, [r'latest (stable )?(version|release) (is|of apache)', r'released on']),
     )
conv(A,
     ("hi is there a page that shows how busy my server is right now", ['server-status', 'The Status module']),
     ("some columns like cpu are missing what do i need", ['ExtendedStatus']),
     ("does that slow things down", ['can slow down the server']),
     ("by how much", U, [r'extended ?status.{0,200}\d+ ?(%|percent)', r'slow down the server.{0,100}\d']),
     ("can i make the page refresh by itself", ['refresh the page every N seconds', '?refresh=N']),
     )
conv(A,
     ("i want to host two websites on one server with one ip is that possible", ['many different hosts can share the same', 'Name-based virtual hosting']),
     ("what do i need inside each one at minimum", ['at minimum a ServerName directive', 'DocumentRoot']),
     ("and if someone comes in with a name that matches none of them", ['the first listed virtual host']),
     ("is there a limit on how many sites i can host like that", U, [r'(maximum|limit (of|on|to)) (the )?(number of )?(name-based )?virtual hosts', r'up to \d+ (name-based )?virtual hosts']),
     ("should i be using ip based ones instead", ['you should use name-based virtual hosting unless']),
     )
conv(A,
     ("hi how do i stop people uploading huge files to my site", ['LimitRequestBody']),
     ("what's the default limit", ['1073741824']),
     ("was it always like that", ['the default value was 0 (unlimited)']),
     ("and what happens when someone goes over", ['return an error response instead of servicing']),
     ("is there a maximum i can set it to", U, [r'2147483647', r'limitrequestbody.{0,40}(can be|may be) (set )?(up to|at most)', r'request body.{0,100}\b2 ?gb\b', r'4294967295']),
     )
conv(A,
     ("is keep alive on by default", ['KeepAlive On']),
     ("ok how long does it wait for the next request", ['KeepAliveTimeout 5', 'The number of seconds Apache httpd will wait']),
     ("what timeout do most hosting companies use", U, [r'hosting (companies|providers).{0,100}timeout', r'(most|typical) (sites|servers|hosts) (use|set).{0,60}keepalive']),
     ("what's the highest i should go", ['above about 60 seconds']),
     ("and how many requests can one connection do", ['MaxKeepAliveRequests 100']),
     )
conv(A,
     ("hi we keep getting flooded with connections what can apache do about it", ['most effective anti-DoS tool will be a firewall', 'RequestReadTimeout']),
     ("does a firewall help against ddos too", ['no help against Distributed Denial of Service']),
     ("ok how low should i set the timeout", ['as low as a few seconds']),
     ("any downside to that", ['problems with long running CGI scripts']),
     ("should we put cloudflare in front of it", U, [r'cloudflare|akamai', r'\bcdn\b.{0,100}(dos|denial|attack)']),
     ("how many connections per ip should i allow in the firewall", U, [r'(connections|requests) (per|from each|from a single) (ip|client|address|host)', r'(limit|restrict)\w* .{0,60}to \d+ (simultaneous |concurrent )?connections']),
     )
conv(A,
     ("how do i turn on gzip compression", ['DEFLATE filter', 'AddOutputFilterByType']),
     ("does it do the deflate encoding too or just gzip", ['The deflate encoding is not supported']),
     ("what compression levels can i pick", ['between 1 (less compression) and 9 (more compression)']),
     ("how much smaller will my pages get", U, [r'(\d+ ?%|percent).{0,40}(smaller|reduction|saving)', r'(reduc|sav|shrink)\w*.{0,60}\d+ ?(%|percent)', r'compression ratio of \d']),
     ("is it ok to compress over https", ['vulnerable to an information disclosure attack', 'BREACH']),
     ("and does it support brotli", U, [r'brotli', r'\bbr\b encoding']),
     )
conv(A,
     ("does apache support http2", ['mod_http2']),
     ("do i need https for it", ['most browsers will speak HTTP/2 only on']),
     ("does it work with old internet explorer", U, [r'(internet explorer|msie|\bie\b).{0,100}http/2', r'http/2.{0,100}(internet explorer|msie)']),
     ("we're on prefork is that ok", ['severe restrictions', 'only process one request at a time']),
     ("and does it do http3 as well", U, [r'http/3', r'\bquic\b', r'\bh3\b']),
     ("how much faster will the site be with it", U, [r'(\d+ ?%|\d+ times) faster', r'http/2.{0,100}(speed|load time)s? .{0,40}\d+ ?%']),
     )
conv(A,
     ("i want apache in front of my app server which directive sends the requests over", ['ProxyPass']),
     ("the redirects from my app point to the wrong address how do i fix that", ['ProxyPassReverse']),
     ("can i spread the load over two backends", ['balancer', 'BalancerMember']),
     ("is there a limit on how many backends go in one balancer", U, [r'(maximum|limit|up to \d+).{0,20}(number of )?(balancer ?members|backends?|workers) (in|per) (a|one|the|each) balancer', r'balancer.{0,60}(maximum|at most|up to) \d+ (members|workers|backends)']),
     ("what's a hot standby", ['only sent traffic if all other workers']),
     ("is this better than putting nginx in front", U, [r'nginx.{0,100}(better|faster|instead|compared|versus|vs)', r'(better|faster|instead of|compared to|compared with|versus|vs\.?) nginx', r'haproxy']),
     )
conv(A,
     ("where does apache write its errors on windows", ['error.log on Windows']),
     ("my 404s aren't showing up in there why", ['logged at info level', 'the default LogLevel of warn']),
     ("how fast does the access log grow", ['1 MB or more per 10,000 requests']),
     ("how do i rotate it without restarting", ['rotatelogs', 'without requiring a server restart']),
     ("which tool do you recommend for reading the access log", U, [r'awstats|webalizer|goaccess', r'recommend\w* .{0,60}log (analysis|analy[sz]er)']),
     ("how many days of logs should we keep", U, [r'(keep|retain)\w* (logs? )?(for )?(at least )?\d+ (days|weeks|months)', r'recommend.{0,60}(keep|retain)\w*.{0,40}logs?']),
     )
conv(A,
     ("which mpm do i get by default on linux", ['the default will almost always be event']),
     ("and on windows", ['mpm_winnt']),
     ("is event much faster than worker", U, [r'event.{0,100}(\d+ ?%|times) faster', r'faster than (the )?worker']),
     ("which one uses less memory worker or prefork", ['smaller memory footprint than the prefork MPM']),
     ("how much ram does each process take", U, [r'(each|per|average) (apache |httpd )?(process|child).{0,60}\d+ ?(kb|mb|megabytes)', r'\d+ ?(kb|mb) (of ram )?(per|for each) (process|child)']),
     )
conv(A,
     ("hi how do i block one ip address that's spamming us", ['Require not ip']),
     ("can i use a range like a whole network", ['a network/nnn CIDR specification']),
     ("does that work for ipv6 addresses", ['Either IPv4 or IPv6 addresses may be used']),
     ("can i block a whole country", U, [r'(block|deny|restrict)\w* .{0,60}countr(y|ies)', r'geoip']),
     ("and the old order allow deny lines do they still work", ['deprecated and will go away', 'mod_access_compat']),
     ("when is that future version coming out", U, [r'(2\.6|3\.0).{0,60}(release|coming|expected)', r'(release|expected).{0,40}(2026|2027|2028)']),
     )
conv(A,
     ("how do i show my own page instead of the standard not found error", ['ErrorDocument']),
     ("what should a friendly 404 page say", U, [r'(user.friendly|helpful|friendly) (404|error) (page|document)', r'404 page should']),
     ("ok what's the difference between a permanent and a temporary redirect", ['Returns a permanent redirect status (301)', 'Returns a temporary redirect status (302)']),
     ("do search engines index my custom error page", U, [r'(search engines?|google).{0,100}(error (page|document)|404)', r'(error (page|document)|404).{0,100}(search engines?|google)']),
     ("should i use rewrite rules for a simple redirect like that", ['rather than RewriteRule', 'Redirect and RedirectMatch']),
     ("does it matter for search engines which one i use", ['tells search engines to update their index']),
     )
conv(A,
     ("hi what hashing does htpasswd use by default", ['MD5 hashing for passwords. This is the default']),
     ("is there something more secure", ['Use bcrypt hashing for passwords', 'bcrypt']),
     ("what's the default cost for that", ['default: 5']),
     ("and what cost should i pick for a normal site", U, [r'recommend\w*.{0,60}(cost|rounds)', r'(cost|rounds) of \d+ (is|are) (recommended|a good|sufficient)']),
     ("!are you open on weekends", U, [r'weekends?', r'opening hours|support hours']),
     )
conv(A,
     ("how do i benchmark my server is there a tool", ['ab is a tool for benchmarking']),
     ("how many requests does it send if i don't say", ['just perform a single request']),
     ("and how many at the same time", ['Default is one request at a time']),
     ("how many requests per second should a normal server handle", U, [r'\d[\d,]* requests per second', r'requests per second (is|are) (typical|normal|good)']),
     ("!how much does the apache server cost for a business", U, [r'(\$|€|£) ?\d+(\.\d\d)? (per|a|each) (year|month|server|licen[cs]e)', r'\d+ ?(dollars|euros|pounds)\b', r'free of charge', r'commercial licen[cs]e']),
     )
conv(A,
     ("how do i let one folder run cgi scripts", ['ScriptAlias', 'set aside for CGI programs']),
     ("what permissions does the script file need", ['chmod a+x']),
     ("which language should i write them in", U, [r'(best|recommended) language', r'(should|recommend)\w* .{0,40}(perl|python).{0,40}(cgi|scripts)']),
     ("how many cgi requests per second can it handle", U, [r'cgi.{0,100}requests per second', r'requests per second.{0,100}cgi']),
     )
# ---------------------------------------------------------------- debian-help
D = 'debian-help'
conv(D,
     ("hi how long is a debian stable release supported for", ['an expected lifetime of about 5 years']),
     ("and how often does a new one come out", ['releases tend to happen every 2 years']),
     ("who looks after security near the end of that", ['Long Term Support', 'Debian LTS team']),
     ("so when exactly is the next stable release coming out", U, [r'next (stable )?release (is|will be) (expected|planned|scheduled)', r'(expected|planned|scheduled) (for|in) (early |late |mid-?)?20[2-3]\d']),
     ("how long does a package have to sit in unstable before it goes to testing", ['at least 5 days spent in Unstable']),
     )
conv(D,
     ("hi how do i remove a package and its config files as well", ['apt purge package', 'deleting the configuration files as well']),
     ("and where does apt keep the packages it downloads", ['/var/cache/apt/archives/']),
     ("how do i clear that out", ['apt-get clean entirely empties the directory', 'apt-get clean']),
     ("how much space does that folder usually take", U, [r'/var/cache/apt/archives/?.{0,200}\d+ ?(mb|gb|megabytes|gigabytes)', r'(apt )?cache.{0,60}(typically|usually) (takes?|uses?|occup\w+) (about |around )?\d']),
     ("ok where can i see what apt did last week", ['/var/log/apt/history.log']),
     )
conv(D,
     ("what's the difference between apt upgrade and full upgrade", ['without removing any packages', 'remove some obsolete packages']),
     ("and on apt get what's the full one called", ['apt-get dist-upgrade']),
     ("we're behind a proxy how do i tell apt", ['Acquire::http::proxy']),
     ("what port does the proxy normally use", U, [r'proxy (normally |usually |typically )?(uses|listens on|runs on) (port )?\d+', r'default (proxy )?port (is|of) \d+']),
     ("ok and how do i install a deb file i downloaded with its dependencies", ['The leading ./ is important']),
     )
conv(D,
     ("i want one newer package from testing on my stable machine how do i do that", ['to install a package from Testing', '-t testing']),
     ("what priority does an installed package get", ['a priority of 100']),
     ("and experimental ones", ['their default APT priority is 1']),
     ("how high does it need to be to downgrade something", ['higher than 1000']),
     ("is pinning safe to use on a production server", U, [r'pinning.{0,100}(production|safe)', r'(production|safe).{0,100}pinning']),
     )
conv(D,
     ("can debian install security updates on its own", ['unattended-upgrades']),
     ("does it upgrade everything or just some of it", ['only takes care of security updates']),
     ("how do i turn it on", ['dpkg-reconfigure -plow unattended-upgrades']),
     ("will it reboot the machine after a kernel update", U, [r'(automatic(ally)?|unattended).{0,80}reboot', r'reboot.{0,80}(automatic|unattended)']),
     ("and in my own script how do i make apt say yes to everything", ['the -y option', '--assume-yes']),
     )
conv(D,
     ("we're moving to the next debian version what should i read first", ['read the release notes']),
     ("ok what do i change first", ['change the /etc/apt/sources.list file']),
     ("then what command", ['apt full-upgrade', 'minimal upgrade with apt upgrade']),
     ("how much free disk space do i need for that", U, [r'(free|available) (disk )?space.{0,100}\d+ ?(mb|gb)', r'\d+ ?(mb|gb) of (free )?(disk )?space', r'(upgrade|dist-upgrade|full-upgrade).{0,150}\d+ ?(mb|gb)']),
     ("can i jump two versions at once from an old one", ['directly is not supported']),
     )
conv(D,
     ("i added a third party repository and apt keeps complaining about authenticity what do i do", ['get the public key', '/etc/apt/trusted.gpg.d/']),
     ("what kind of file should the key be", ['*.gpg file', '*.asc files are discouraged']),
     ("is apt key add still ok to use", ['considered obsolete already']),
     ("are the deb files themselves signed", ['binary packages are usually not signed']),
     ("which third party repositories are safe to use then", U, [r'(safe|trusted|reliable|recommended) third.party (repositor|package source)', r'third.party repositor\w+ (that|which) (are|is) (safe|trusted|reliable)']),
     )
conv(D,
     ("how much ram do i need to install debian", ['256 MB of RAM']),
     ("and for a normal office desktop", ['A minimum of 2 GB of RAM']),
     ("can i install from a usb stick", ['install Debian from a USB key']),
     ("how big does the stick need to be", U, [r'usb (key|stick).{0,100}(at least )?\d+ ?(mb|gb)', r'\d+ ?(mb|gb).{0,60}usb (key|stick)']),
     ("!and do you sell the install dvds", U, [r'we sell', r'order (a|the) dvd from us']),
     )
conv(D,
     ("hi how do i log into my server without typing the password every time", ['key-based authentication system']),
     ("how do i make the keys", ['ssh-keygen -t rsa']),
     ("is ed25519 better than rsa", U, [r'ed25519', r'ecdsa.{0,100}(better|stronger|faster)', r'(better|stronger|faster) than rsa']),
     ("and how do i get it onto the server", ['ssh-copy-id server']),
     ("if someone copies my private key can they get in", ['still has to know this phrase']),
     ("what key length should i pick", U, [r'\d{3,4}[- ]bits?.{0,60}(ssh|rsa) key', r'ssh-keygen.{0,40}-b \d+', r'(rsa|ssh) keys?.{0,60}\d{3,4}[- ]bits?']),
     )
conv(D,
     ("how do i schedule a script to run every night", ['crontab -e']),
     ("what if the machine is switched off at night", ['anacron']),
     ("and what about something that should run just once next week", ['atd', 'at now + number period']),
     ("how many jobs can one crontab hold", U, [r'(maximum|limit).{0,40}(entries|lines|jobs).{0,40}crontab', r'crontab.{0,60}(maximum|limit)']),
     ("does cron cope with daylight saving changes", ['takes the time change', 'as best as it can']),
     )
conv(D,
     ("hi how do i limit how much disk space each user can use", ['The quota system', 'usrquota and grpquota']),
     ("what's the difference between soft and hard", ['can be temporarily exceeded', 'can never be exceeded']),
     ("how long can they stay over the soft one", ['grace period']),
     ("what's the default grace period", U, [r'grace period.{0,100}(default|\d+ (days?|hours?|weeks?))', r'(default|\d+ (days?|hours?|weeks?)).{0,60}grace period']),
     ("can new users get a quota automatically", ['QUOTAUSER']),
     ("does it work on xfs", U, [r'xfs.{0,150}quota', r'quota.{0,150}xfs']),
     )
conv(D,
     ("where do the system logs go on debian", ['/var/log/', 'rsyslogd']),
     ("which file configures that", ['/etc/rsyslog.conf']),
     ("can it forward them to splunk", U, [r'splunk|graylog', r'(rsyslog|syslog).{0,150}(elastic|logstash)']),
     ("is it worth sending the logs to another machine", ['the most important logs on a separate machine']),
     ("how many old log files does debian keep by default", U, [r'(keeps?|retains?|retained) (the )?(last )?(\d+|four|seven|five) (archives|weeks|rotations|files)', r'rotate \d+']),
     )
conv(D,
     ("what backup software comes with debian", ['amanda', 'bacula', 'BackupPC']),
     ("anything simpler for a small office", ['rsnapshot or rdiff-backup']),
     ("how do they avoid filling the disk with a full copy every day", ['hard links']),
     ("how long does that take each night", U, [r'dirvish.{0,200}(minutes|hours)', r'(backup|rsync) (usually |typically )?takes? (about |around )?\d+']),
     ("can i back up my database by just copying its files", ['cannot be backed up by simply copying']),
     ("which cloud storage should we send the backups to", U, [r'cloud', r'amazon|\bs3\b|backblaze|google drive|dropbox']),
     )
conv(D,
     ("hi how do i add a new user", ['adduser']),
     ("is there a limit on how long a user name can be", U, [r'user ?names? .{0,60}(\d+|thirty.two) characters', r'(maximum|max) (length|size) of (a )?user ?name']),
     ("how do i give them access to the sound card", ['audio group', 'adduser user group']),
     ("and if i need to lock someone out for a while", ['passwd -l user']),
     ("does that stop ssh keys too", ['only prevents password-based logins']),
     ("how many users can one debian machine have", U, [r'(maximum|limit)( number)? (of|on) (user )?accounts', r'up to \d[\d,]* users', r'(\d[\d,]*|65535|65536|4294967295) (users|uids)']),
     )
conv(D,
     ("hi where do i set the machine's name", ['/etc/hostname']),
     ("where do i put the dns servers", ['/etc/resolv.conf']),
     ("my changes there keep getting overwritten why", ['handled automatically (and overwritten)', 'NetworkManager']),
     ("and after i change a dns record how long until everyone sees it", U, [r'propagat\w+.{0,100}(\d+|hours|days|minutes)', r'\bttl\b']),
     ("we have six machines is a hosts file enough", ['5 machines or more', 'recommended to install a proper DNS server']),
     ("!what's your phone number for urgent problems", U, [r'(our|the help ?desk|support|helpline) (tele)?phone number', r'call us']),
     )
conv(D,
     ("how do i give my server a fixed ip address", ['/etc/network/interfaces']),
     ("what do i need at least for that", ['at least the IP address and subnet mask']),
     ("why is my network card not called eth0 anymore", ['rename the interfaces as soon as they appear', 'systemd and udev']),
     ("how do i get the old names back", ['net.ifnames=0']),
     ("and is there a speed difference between the two naming schemes", U, [r'naming.{0,100}(faster|slower|performance)', r'(faster|slower|performance).{0,100}naming']),
     )
conv(D,
     ("how do i turn on the firewall so it comes back after a reboot", ['/etc/nftables.conf', 'systemctl enable nftables']),
     ("and how do i switch it off quickly", ['nft flush ruleset']),
     ("is iptables still a thing", ['being replaced by nftables']),
     ("what rules should a basic web server have", U, [r'(basic|typical) (web )?server.{0,60}rules', r'rules? (for|of) a (basic |typical )?web server']),
     )
conv(D,
     ("hi how do i see which package a file on my system came from", ['dpkg -S']),
     ("and the list of files in a package", ['dpkg -L']),
     ("can i install an rpm from red hat", ['alien']),
     ("is that safe to do", U, [r'alien.{0,200}(safe|risk|danger)', r'(safe|risk|danger).{0,200}alien']),
     ("!do you have support on sundays", U, [r'(open|support|available) on sundays?', r'support hours|opening hours']),
     )
conv(D,
     ("i installed apache on debian how do i turn on a module", ['a2enmod module']),
     ("and to switch it off again", ['a2dismod module']),
     ("what do those commands actually do", ['only create (or delete) symbolic links']),
     ("how many modules can i enable before it slows down", U, [r'(too many|number of) modules.{0,100}(slow|performance)', r'modules.{0,60}slow(s)? (down|the server)']),
     ("is nginx faster than apache", ['even better performance under certain workloads']),
     )
conv(D,
     ("can a debian box share folders with our windows pcs", ['Samba']),
     ("which file do i configure it in", ['/etc/samba/smb.conf']),
     ("how many users can one samba server handle", U, [r'samba.{0,150}(\d+|many) (users|clients|connections)', r'(users|clients|connections).{0,60}samba server can']),
     ("does it work with windows eleven", U, [r'windows 11|windows eleven']),
     ("and what smb version does it use by default", U, [r'smb ?[123](\.\d)?\b', r'(min|max|server) protocol']),
     )
conv(D,
     ("how do i see all the services on the machine", ['lists all the unit files known to systemd']),
     ("and more detail on just one", ['systemctl status']),
     ("how do i make one start at boot", ['systemctl enable']),
     ("how do i make the whole machine boot faster", U, [r'systemd-analyze', r'boot (time|faster|quicker|speed)']),
     )
# ---------------------------------------------------------------- postgres-help
P = 'postgres-help'
conv(P,
     ("hi i can't connect to postgres from another machine only from the server itself", ['The default value is localhost', 'listen_addresses']),
     ("and then i also need a line in the pg hba conf file right", ['This record matches connection attempts made using TCP/IP']),
     ("if the first matching line fails does it try the next one", ['subsequent records are not considered']),
     ("do i have to restart after editing it", ['SIGHUP', 'pg_ctl reload']),
     ("is there a graphical tool for editing that file", U, [r'(gui|graphical).{0,100}pg_hba', r'pg_hba.{0,100}(gui|graphical)']),
     )
conv(P,
     ("what password method should i use in the hba file", ['scram-sha-256']),
     ("what's the default for new passwords", ['The default is scram-sha-256']),
     ("and if i still have old md5 passwords", ['SCRAM-based authentication will automatically be chosen instead']),
     ("how long should a password be at minimum", U, [r'passwords? (should be|must be|of) at least \d+', r'(minimum|min) password length']),
     ("how often should we make users change their passwords", U, [r'(change|rotate|expire)\w* (their |the )?passwords? (every|each|at least)', r'password (rotation|expiry|expiration) (policy|interval)']),
     ("!do you offer paid support contracts", U, [r'support contracts?', r'paid support', r'commercial support']),
     )
conv(P,
     ("what's peer authentication", ['operating system user name from the kernel']),
     ("does it work over the network", ['only supported on local connections']),
     ("my linux user name is different from my database user what now", ['user name mapping', 'pg_ident.conf']),
     ("and what does trust do", ['anyone who can connect to the server']),
     ("is peer available on windows", ['Currently that includes Linux', 'most flavors of BSD including macOS']),
     )
conv(P,
     ("hi how do i back up one database", ['pg_dump']),
     ("can people keep using it while that runs", ['does not block other users']),
     ("how do i make the restore faster on a big database", ['--jobs', 'concurrent sessions']),
     ("does that work with a plain sql dump", ['Only the custom and directory archive formats']),
     ("how long does a dump of a hundred gigabyte database take", U, [r'\d+ ?(gb|tb|gigabytes?).{0,120}(takes?|minutes|hours)', r'(takes?|minutes|hours).{0,60}\d+ ?(gb|tb|gigabytes?)']),
     )
conv(P,
     ("can i restore a dump into a newer version of postgres", ['load into PostgreSQL server versions newer']),
     ("and into an older one", ['a server of an older major version']),
     ("how often should we take a dump", U, [r'(dump|back ?up)s? (should be taken|every|once a|daily|nightly|weekly)']),
     ("what about just copying the data folder", ['file-level backups', 'extremely server-version-specific']),
     ("do i need to stop the server to copy the files", ['must be shut down']),
     )
conv(P,
     ("how do i upgrade from fifteen point one to fifteen point three", ['simply replace the executables']),
     ("do i need to dump and reload for that", ['The data directory remains unchanged']),
     ("and for a major version", ['dump and restore', 'pg_upgrade']),
     ("what's pg upgrade called before", ['pg_migrator']),
     ("when does version fifteen stop getting updates", U, [r'(end of life|eol|supported until|stop(s)? (getting|receiving) updates)', r'five years after']),
     ("how often do major versions come out", U, [r'major (version|release)s? .{0,60}(every|once a|each) (year|twelve months)', r'(annual|yearly) (major )?release']),
     )
conv(P,
     ("is autovacuum on by default", ['This is on by default']),
     ("how long does a vacuum take on a big table", U, [r'vacuum.{0,100}(takes?|took) (about |around )?\d+ (seconds|minutes|hours)']),
     ("how often does it check each database", ['The default is one minute', 'autovacuum_naptime']),
     ("can i run vacuum while people are using the table", ['can run in parallel with production database operations']),
     ("and vacuum full", ['ACCESS EXCLUSIVE lock', 'cannot be done in parallel']),
     )
conv(P,
     ("how much memory should i give shared buffers", ['25% of the memory in your system']),
     ("and what is it out of the box", ['128 megabytes', '128MB']),
     ("is there a point where more doesn't help", ['more than 40% of RAM']),
     ("what should work mem be for a reporting server with sixty four gigs", U, [r'work_mem.{0,200}(reporting|analytic|data warehouse)', r'(64|sixty.four) ?(gb|gigabytes)']),
     ("do i need to restart after changing shared buffers", ['can only be set at server start']),
     )
conv(P,
     ("how many connections does postgres allow out of the box", ['typically 100 connections']),
     ("are some of those kept back for admins", ['superuser_reserved_connections', 'The default value is three connections']),
     ("what's the most i can set it to", U, [r'max_connections.{0,200}(maximum|upper limit|at most|cannot exceed) (value |is )?\d', r'max_connections.{0,80}262143']),
     ("should i use a connection pooler like pgbouncer", U, [r'pgbouncer|pgpool', r'connection pool(er|ing)']),
     ("!and how much is the enterprise edition", U, [r'enterprise edition', r'(\$|€|£) ?\d+ (per|a) (year|month|server|core)', r'licen[cs]e fee']),
     )
conv(P,
     ("hi how do i list the databases in psql", ['\\l', 'List the databases in the server']),
     ("and how do i get out of it", ['Quits the psql program', '\\q']),
     ("can it show me how long each query took", ['\\timing', 'how long each SQL statement takes']),
     ("is there a graphical tool instead of psql", ['pgAdmin']),
     ("where does it keep my command history", ['~/.psql_history']),
     ("can psql give me the results as csv", ['--csv', 'Switches to CSV']),
     )
conv(P,
     ("how do i create a new database from the command line", ['createdb']),
     ("which database does it copy from", ['template1']),
     ("can i change template zero", ['template0 should never be modified']),
     ("what happens if i add a table to template one", ['will be copied into databases created later', 'copied into subsequently created user databases']),
     ("how many databases can one server hold", ['any number of databases']),
     )
conv(P,
     ("how do i create a new user from the shell", ['createuser']),
     ("can it ask me the questions instead of me typing all the flags", ['--interactive']),
     ("was that always the default", ['the default behavior up to PostgreSQL 9.1']),
     ("what's the difference between a role and a user", ['CREATE USER is equivalent to CREATE ROLE', 'LOGIN']),
     ("how many roles should a typical app have", U, [r'typical (application|app)s? .{0,60}roles', r'(recommend|best practice).{0,60}(number of )?roles']),
     )
conv(P,
     ("how do i stop the server without kicking everyone off", ['Smart Shutdown mode', 'lets existing sessions end their work normally']),
     ("and if i want it down now but clean", ['Fast Shutdown', 'SIGINT']),
     ("what's the immediate one", ['Immediate Shutdown', 'SIGQUIT']),
     ("is the immediate one dangerous", ['recovery', 'lead to recovery']),
     ("how long does a fast shutdown take on a busy server", U, [r'fast shutdown.{0,200}(\d+ (seconds|minutes)|takes)', r'(seconds|minutes) to shut ?down']),
     )
conv(P,
     ("hi how do i log slow queries", ['log_min_duration_statement']),
     ("what happens if i set it to two fifty milliseconds", ['run 250ms or longer will be logged']),
     ("how often does it start a new log file", ['The default is 24 hours']),
     ("who can read the log files by default", ['only the server owner can read or write']),
     ("what threshold do most people use for slow queries", U, [r'(most people|commonly|typical(ly)?) (use|set).{0,60}(ms|milliseconds|seconds)', r'log_min_duration_statement.{0,200}recommend']),
     )
conv(P,
     ("how do i turn on ssl", ['ssl to on']),
     ("what permissions should the key file have", ['chmod 0600 server.key', 'disallow any access to world or group']),
     ("can i make clients show a certificate too", ['clientcert=verify-ca', 'clientcert=verify-full']),
     ("which certificate authority do you recommend for that", U, [r"let'?s ?encrypt", r'(recommend|suggest)\w* .{0,60}(certificate authority|\bca\b)', r'digicert|verisign|comodo|sectigo']),
     ("what's the oldest tls version it accepts by default", ['The default is TLSv1.2']),
     )
conv(P,
     ("where do i change settings permanently", ['postgresql.conf']),
     ("can i change them from sql instead", ['ALTER SYSTEM']),
     ("where does that get saved", ['postgresql.auto.conf']),
     ("which one wins if both have it", ['Settings in postgresql.auto.conf override those in postgresql.conf']),
     ("which settings should i tune first on a new server", U, [r'(tune|change|adjust) first', r'most important (settings|parameters)']),
     )
conv(P,
     ("how do i see what queries are running right now", ['pg_stat_activity']),
     ("what does each row stand for", ['One row per server process']),
     ("can i hook it up to grafana", U, [r'grafana|prometheus|zabbix|datadog']),
     ("does collecting those statistics cost anything", ['adds some overhead to query execution']),
     ("!is there a number i can call after hours", U, [r'after hours', r'(our|support) (tele)?phone']),
     )
conv(P,
     ("how do i create a new database cluster", ['initdb']),
     ("can i run that as root", ['you must not run initdb as root', 'refuse to do so']),
     ("how much disk does a new empty one take", ['An empty database cluster takes about 40 MB']),
     ("how long does initdb take to run", U, [r'initdb (takes|will take|usually takes|runs for)', r'initdb.{0,100}(few seconds|several minutes)']),
     ("and which file system is best for the data directory", U, [r'(best|recommended) (file ?system|filesystem)', r'(data directory|pgdata).{0,100}\b(ext4|xfs|zfs|btrfs)\b']),
     )
conv(P,
     ("what does begin and commit actually do", ['all-or-nothing operation']),
     ("can i undo just part of a transaction", ['savepoints']),
     ("how long can a transaction stay open", U, [r'(maximum|limit).{0,40}(length|duration) of a transaction', r'transactions? (can|may) (stay|remain) open']),
     ("!what time does the support line close today", U, [r'(support|help ?desk|office) (line )?(closes|hours)']),
     )
conv(P,
     ("what's point in time recovery", ['Point-in-Time Recovery (PITR)', 'continuous archiving']),
     ("what setting copies the wal files somewhere", ['archive_command']),
     ("how much storage will the wal archive need per day", U, [r'wal.{0,100}\d+ ?(gb|mb) per day', r'(archive|wal) (storage|space) (needed|required) per day']),
     ("and which tool makes the base backup", ['pg_basebackup']),
     ("how often should we make a new base backup", U, [r'base backups? (every|once a|daily|nightly|weekly)', r'(every|once a) (day|week|month).{0,60}base backup']),
     )

# ---------------------------------------------------------------- build and checks
def norm(text):
    return re.sub(r'\s+', ' ', text).strip().lower()


def main():
    errors = []
    pages = {}
    for business, _, documents in BUSINESSES:
        texts = []
        for path in documents:
            with open(path, encoding='utf-8') as f:
                raw = f.read()
            texts.append((path, norm(visible(raw, ' ')), norm(visible(raw, ''))))
        pages[business] = texts
    out = {'businesses': [{'id': b, 'companyName': n, 'documents': d} for b, n, d in BUSINESSES], 'conversations': []}
    for number, (business, turns) in enumerate(CONVERSATIONS, 1):
        cid = f'c{number:03d}'
        rows = []
        for index, turn in enumerate(turns):
            caller = turn[0]
            followup = index > 0
            if caller.startswith('!'):
                if index == 0:
                    errors.append(f'{cid}: first turn marked with !')
                caller, followup = caller[1:], False
            if not re.fullmatch(r"[a-z0-9 ']+", caller):
                errors.append(f'{cid} turn {index + 1}: caller must be lower case without punctuation: {caller!r}')
            answers = turn[1]
            if answers is None:
                probes = turn[2] if len(turn) > 2 else []
                if not probes:
                    errors.append(f'{cid} turn {index + 1}: unanswerable turn without probes')
                for probe in probes:
                    for path, spaced, _ in pages[business]:
                        hit = re.search(probe, spaced, re.I)
                        if hit:
                            errors.append(f'{cid} turn {index + 1}: probe {probe!r} matches {os.path.basename(path)}: '
                                          f'...{spaced[max(0, hit.start() - 80):hit.end() + 80]}...')
                rows.append({'caller': caller, 'answerable': False, 'answers': [], 'followup': followup})
            else:
                if not 1 <= len(answers) <= 3:
                    errors.append(f'{cid} turn {index + 1}: 1-3 answers wanted')
                for answer in answers:
                    if not 1 <= len(answer.split()) <= 8:
                        errors.append(f'{cid} turn {index + 1}: span {answer!r} must have 1-8 words')
                    span = norm(answer)
                    if not any(span in spaced and span in joined for _, spaced, joined in pages[business]):
                        errors.append(f'{cid} turn {index + 1}: span {answer!r} not found in one page of {business}')
                rows.append({'caller': caller, 'answerable': True, 'answers': list(answers), 'followup': followup})
        out['conversations'].append({'id': cid, 'business': business, 'turns': rows})
    if errors:
        for error in errors:
            print('ERROR', error, file=sys.stderr)
        print(f'{len(errors)} error(s); conversations.json not written', file=sys.stderr)
        sys.exit(1)
    with open(os.path.join(HERE, 'conversations.json'), 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=2, ensure_ascii=False)
        f.write('\n')
    turns = sum(len(c['turns']) for c in out['conversations'])
    print(f"wrote {len(out['conversations'])} conversations, {turns} turns")


if __name__ == '__main__':
    main()
