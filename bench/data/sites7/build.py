#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Documents are HTML documentation sites installed from Debian packages on the machine (the Postfix README guides
from postfix-doc 3.7.11-0+deb12u1, the SQLite documentation from sqlite3-doc 3.40.1-2+deb12u2, the Git
documentation from git-doc 1:2.39.5-0+deb12u3), referenced by ABSOLUTE path, never copied. Pages are whole HTML
files as a crawler would save them (navigation, headers and footers left in).
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
POSTFIX = '/usr/share/doc/postfix/html'
SQLITE = '/usr/share/doc/sqlite3'
GIT = '/usr/share/doc/git-doc'

# The README guides (left out: TLS_LEGACY and POSTSCREEN_3_5, older copies of TLS and POSTSCREEN; the short
# CDB, LMDB, MEMCACHE, SQLITE, LINUX, UUCP, XCLIENT, XFORWARD, PACKAGE notes; INSTALL, a build-from-source guide),
# the architecture overview, and three manual pages an admin uses daily (postqueue, postsuper, aliases).
POSTFIX_PAGES = ('ADDRESS_CLASS_README ADDRESS_REWRITING_README ADDRESS_VERIFICATION_README BACKSCATTER_README '
                 'BASIC_CONFIGURATION_README BDAT_README BUILTIN_FILTER_README COMPATIBILITY_README '
                 'CONNECTION_CACHE_README CONTENT_INSPECTION_README DATABASE_README DB_README DEBUG_README '
                 'DSN_README ETRN_README FILTER_README FORWARD_SECRECY_README IPV6_README LDAP_README '
                 'LOCAL_RECIPIENT_README MAILDROP_README MAILLOG_README MILTER_README MULTI_INSTANCE_README '
                 'MYSQL_README NFS_README PCRE_README PGSQL_README POSTSCREEN_README QSHAPE_README '
                 'RESTRICTION_CLASS_README SASL_README SCHEDULER_README SMTPD_ACCESS_README SMTPD_POLICY_README '
                 'SMTPD_PROXY_README SMTPUTF8_README SOHO_README STANDARD_CONFIGURATION_README STRESS_README '
                 'TLS_README TUNING_README VERP_README VIRTUAL_README OVERVIEW postqueue.1 postsuper.1 '
                 'aliases.5').split()
SQLITE_PAGES = ('about whentouse faq different serverless quirks limits datatype3 stricttables autoinc rowidtable '
                'withoutrowid foreignkeys pragma cli backup wal lockingv3 isolation tempfiles inmemorydb '
                'howtocorrupt fts5 json1 gencol windowfunctions nulls versionnumbers lts copyright useovernet '
                'lang_createtable lang_altertable lang_insert lang_upsert lang_update lang_delete lang_select '
                'lang_createindex lang_transaction lang_savepoint lang_vacuum lang_attach lang_createtrigger '
                'lang_createview lang_datefunc lang_corefunc lang_aggfunc lang_returning lang_analyze').split()
GIT_PAGES = ('user-manual gittutorial gittutorial-2 giteveryday gitfaq gitworkflows gitignore gitattributes '
             'gitcredentials githooks gitrevisions gitsubmodules git-init git-clone git-add git-rm git-mv '
             'git-status git-diff git-commit git-log git-show git-branch git-switch git-checkout git-restore '
             'git-reset git-revert git-merge git-mergetool git-rebase git-cherry-pick git-stash git-tag '
             'git-remote git-fetch git-pull git-push git-bisect git-blame git-reflog git-clean git-gc '
             'git-worktree git-config git-sparse-checkout git-archive git-credential-store git-submodule').split()

BUSINESSES = [
    ('postfix-help', 'Postfix Mail Server Help Desk', [f'{POSTFIX}/{p}.html' for p in POSTFIX_PAGES]),
    ('sqlite-help', 'SQLite Support Line', [f'{SQLITE}/{p}.html' for p in SQLITE_PAGES]),
    ('git-help', 'Git Help Line', [f'{GIT}/{p}.html' for p in GIT_PAGES]),
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


# ---------------------------------------------------------------- postfix-help
F = 'postfix-help'

conv(F,
     ("hi um where do the postfix config files live", ['By default, Postfix configuration files are in /etc/postfix']),
     ("who should own them", ['these files must be owned by root']),
     ("what happens if i let another user edit them", ['means giving root privileges to that person']),
     ("ok and after i change something how do i make it take effect", ['postfix reload']),
     ("is there a gui tool for editing them", U, [r'(graphical|\bgui\b|web.based) (tool|interface|front.?end|editor|administration)', r'webmin']),
     ("how long does mail stop flowing during a reload", U, [r'reload.{0,60}(interrupt|downtime|without (losing|dropping))', r'(downtime|interrupt\w*).{0,60}reload']),
     )
conv(F,
     ("which networks will postfix relay mail for out of the box", ['default is to authorize the local machine only']),
     ("can i let my whole office subnet send through it", ['mynetworks_style = subnet', 'CIDR (network/mask) notation']),
     ("is the subnet setting safe if we're on a big network", ['may be too friendly']),
     ("how many networks can i list in there at most", U, [r'mynetworks.{0,120}(maximum|at most|up to \d+|limit (of|on))', r'(maximum|limit) (number )?of (trusted )?networks']),
     ("does the subnet setting understand our docker bridge networks", U, [r'docker', r'bridge (network|interface)']),
     )
conv(F,
     ("our provider wants us to send all mail through their server how do i set that up", ['relayhost', 'relay host']),
     ("why do people put square brackets around the host name", ['eliminates DNS MX lookups']),
     ("and they want a username and password too", ['smtp_sasl_auth_enable', 'smtp_sasl_password_maps']),
     ("do i need to run anything after editing the password file", ['use the postmap command whenever you change']),
     ("does this work with office three six five", U, [r'office ?365|microsoft 365|exchange online|outlook\.com']),
     )
conv(F,
     ("hi how do i see what's stuck in the mail queue", ['mailq']),
     ("and how do i make it try sending everything again now", ['attempt to deliver all queued mail']),
     ("how do i delete everything in the deferred queue", ['-d ALL deferred']),
     ("is there a way to get deleted messages back", U, [r'(recover|restore|undelete|undo)\w* .{0,60}(deleted|removed) (mail|messages?|queue files?)', r'(deleted|removed) (mail|messages?) (can|cannot|can.t) be (recovered|restored)']),
     ("can i watch the queue in a web page instead", U, [r'(web|browser).{0,40}(interface|page|dashboard).{0,60}queue', r'queue.{0,60}(web|browser) (interface|page|dashboard)', r'mailgraph']),
     )
conv(F,
     ("how long does postfix keep trying before it gives up on a message", ['maximal_queue_lifetime (default: 5 days)']),
     ("can i make it bounce right away after the first failure", ['returned immediately after the first unsuccessful delivery']),
     ("what if i put a message on hold does that timer keep running", ['it will not expire when its time']),
     ("how much disk should i leave free for the queue", U, [r'(free|disk) space (of|for the queue|needed).{0,60}\d+ ?(mb|gb|megabytes|gigabytes)', r'\d+ ?(mb|gb|megabytes|gigabytes) of (free )?(disk|queue) space']),
     ("what do gmail and the other big providers use for that", U, [r'gmail', r'(google|yahoo|hotmail|aol)\.com.{0,60}(lifetime|retry|days)', r'(big|large|major) (mail )?providers.{0,60}(queue|lifetime|days)']),
     )
conv(F,
     ("my mail queue is piling up is there a tool to see where it's going", ['qshape']),
     ("which version started shipping it", ['bundled with Postfix 2.1 and later']),
     ("how many messages in the queue is too many for a small server", U, [r'(too many|more than \d[\d,]*) messages in the (active |deferred )?queue', r'queue (of|with) (over |more than )?\d[\d,]* messages (is|means)']),
     ("!what are your support hours", U, [r'support hours|opening hours|business hours', r'help ?desk (is )?open']),
     )
conv(F,
     ("i need to let my users send mail from home with a password what's that called", ['SASL', 'SMTP authentication']),
     ("which sasl libraries does postfix support", ['Cyrus SASL and Dovecot SASL']),
     ("what's the setting that turns it on on the server side", ['smtpd_sasl_auth_enable = yes']),
     ("some people on old outlook can't log in", ['broken_sasl_auth_clients = yes']),
     ("does it work with thunderbird", U, [r'thunderbird']),
     )
conv(F,
     ("how do i turn on tls for incoming mail", ['smtpd_tls_security_level = may']),
     ("does that force people to use encryption", ['does not require that clients use TLS encryption']),
     ("and if i want to require it", ['smtpd_tls_security_level = encrypt']),
     ("should i do that on my public mx", ['must not be applied in case of']),
     ("which certificate authority should i buy from", U, [r"let'?s ?encrypt", r'(recommend|suggest)\w* .{0,60}(certificate authority|\bca\b)', r'digicert|verisign|comodo|sectigo|globalsign']),
     )
conv(F,
     ("how do i get more detail about the tls connections in the log", ['smtpd_tls_loglevel = 1', 'smtp_tls_loglevel = 1']),
     ("can i go higher for debugging", ['use of log level 4 is strongly discouraged']),
     ("can the tls info go into the message headers", ['smtpd_tls_received_header']),
     ("how much bigger do the logs get at level two", U, [r'(level|loglevel) 2.{0,100}(\d+ ?(%|percent|times|kb|mb))', r'log(file)?s? (grow|get) .{0,40}(bigger|larger)']),
     )
conv(F,
     ("hi i want to host mail for a second domain with just forwarding addresses", ['virtual alias domain']),
     ("can i also put that domain in my destination list", ['Never list a virtual alias domain name']),
     ("how do i test that an address is looked up right", ['postmap -q']),
     ("and can i have a catch all for that domain", ['implement a catch-all virtual alias']),
     ("how many domains can one server host like that", U, [r'(maximum|limit (of|on|to)|up to \d+) (the )?(number of )?(hosted |virtual )?domains', r'\d[\d,]* (hosted |virtual )domains']),
     )

conv(F,
     ("mail isn't going out where do i even start looking", ['errors that prevent Postfix from working properly']),
     ("how do i get more detail for just one remote site", ['debug_peer_list']),
     ("and if i want to record the whole smtp conversation", ['tcpdump', 'network sniffer']),
     ("what should i send if i ask the mailing list for help", ['postconf -n']),
     ("how long does the mailing list usually take to answer", U, [r'(mailing )?list.{0,80}(answer|reply|respond)\w* (within|in) (a few |\d+ )?(hours|days|minutes)', r'(response|reply) time']),
     )
conv(F,
     ("what is postscreen for", ['blocks connections from zombies and other spambots']),
     ("how much of the spam does that catch", ['responsible for about 90% of all spam']),
     ("should my users send their mail through it too", ['MUA clients submit mail via the submission service', 'port 587']),
     ("which blocklists does it use by default", ['postscreen_dnsbl_sites parameter (default: empty)']),
     ("which blocklist gives the fewest false positives", U, [r'false positives?.{0,100}(spamhaus|spamcop|barracuda|blocklist|dnsbl)', r'(spamhaus|spamcop|barracuda).{0,100}false positives?', r'(most|best|fewest).{0,30}(accurate|reliable) (dns)?bl']),
     )
conv(F,
     ("i want logs written straight to a file not through syslog can postfix do that", ['maillog_file']),
     ("can i point it at any path i like", ['must start with "/var" or "/dev/stdout"']),
     ("we run it in docker does that change anything", ['useful when Postfix runs in a container']),
     ("how do i rotate that log", ['postfix logrotate']),
     ("does it clean up the old log files", ['does not (yet) remove old logfiles']),
     ("can it ship the log to our elk server", U, [r'\belk\b|elasticsearch|logstash|kibana|splunk|graylog']),
     )
conv(F,
     ("can postfix sign outgoing mail with dkim", ['to digitally sign mail']),
     ("how do i hook that in for mail coming over smtp", ['smtpd_milters']),
     ("if i list two milters which runs first", ['Milter applications are applied in the order']),
     ("what dkim key size should i use", U, [r'dkim.{0,100}(\d{4}.bit|key (size|length))', r'(1024|2048|4096).bit.{0,60}dkim']),
     ("which opendkim version works with postfix three point seven", U, [r'opendkim.{0,30}\d\.\d+', r'opendkim-\d']),
     )
conv(F,
     ("how do i stop mail to people who don't exist on my server", ['local_recipient_maps', 'user unknown in local recipient table']),
     ("is that turned on by default", ['feature is now turned on by default']),
     ("ok and if i want those mails sent to one mailbox instead", ['luser_relay']),
     ("anything i need to change for that to work", ['local_recipient_maps = (i.e. empty)', 'local_recipient_maps =']),
     ("how many bounces a day does that save a typical site", U, [r'(save|saves|reduc)\w*.{0,60}\d+ ?(%|percent|bounces)', r'\d[\d,]* bounces (a|per) day']),
     )
conv(F,
     ("hi the server is getting hammered with more connections than it can handle", ['STRESS_README', 'default_process_limit']),
     ("what's the default number of smtp server processes", ['the default limit is 100 SMTP client processes', '100 since Postfix 2.0']),
     ("how much ram does each smtpd process use", U, [r'(each|per) (smtpd|smtp server|postfix) process.{0,60}\d+ ?(kb|mb|kbytes|mbytes)', r'\d+ ?(kb|mb|kbytes|mbytes) (of memory )?(per|for each) (smtpd )?process']),
     ("can i use the connection rate limiter to throttle big senders", ['Do not use anvil(8) for steady-state rate limiting']),
     ("what size server do i need for fifty thousand mails a day", U, [r'\d[\d,]* (mails?|messages) (a|per) day', r'(cpu|cores|ram|memory) (recommend|sizing|requirement)', r'(recommended|minimum) (hardware|server size|ram|memory)']),
     )
conv(F,
     ("can i check that a sender's address really exists before taking their mail", ['sender address verification', 'reject_unverified_sender']),
     ("is there a downside", ['denylisted by some providers']),
     ("where does it keep the results", ['address_verify_map']),
     ("how long until a cached result is checked again", U, [r'(positive|negative) (results? )?(expire|refresh)\w* after \d+ ?(days|hours|minutes)', r'address_verify_(positive|negative)_(refresh|expire)_time.{0,40}\d']),
     ("how many probes a minute is safe to send", U, [r'probes? (per|a|each) (minute|second|hour)', r'\d+ probes']),
     )
conv(F,
     ("we have one machine that should send with our real domain instead of a local name how do i change outgoing addresses", ['smtp_generic_maps']),
     ("and can i hide the host names like sales dot example dot com", ['masquerade_domains']),
     ("is masquerading on by default", ['address masquerading is disabled by default']),
     ("how many levels of sub domains does it strip", U, [r'masquerad\w*.{0,100}(levels?|depth) of (sub)?domains', r'(at most|up to|maximum of) \d+ (levels|labels)']),
     ("will masquerading break dkim signatures", U, [r'masquerad\w*.{0,200}dkim', r'dkim.{0,200}masquerad']),
     )
conv(F,
     ("how do i make postfix listen on ipv6", ['inet_protocols']),
     ("is a reload enough after changing it", ['you must stop and start Postfix']),
     ("how do i write an ipv6 network in my networks list", ['IPv6 address information inside']),
     ("does my provider need to support ipv6 for this to work", U, [r'(provider|isp).{0,100}ipv6', r'ipv6.{0,100}(provider|isp)\b']),
     ("how do i get a reverse dns name for my ipv6 address", U, [r'(reverse dns|ptr record).{0,100}ipv6', r'ipv6.{0,100}(reverse dns|ptr record)']),
     )
conv(F,
     ("i want to reject mail from one particular sender address", ['check_sender_access']),
     ("what do i run after editing the access file", ['postmap']),
     ("and can i block a whole list of spam sites by ip", ['reject_rbl_client']),
     ("what about forcing clients to say hello first", ['smtpd_helo_required']),
     ("!is the postfix help desk free for charities", U, [r'charit', r'(free|discount)\w* (support|help) for']),
     )
conv(F,
     ("we get lots of bounce messages for mail we never sent what's that", ['backscatter']),
     ("how do i block the forged ones pretending to be from my domain", ['header_checks', 'body_checks']),
     ("will those patterns catch text that's base64 encoded", ['do not decode message headers']),
     ("can i put a big spam filter in there with thousands of patterns", ['catastrophic performance failure']),
     ("what share of all bounces is usually backscatter", U, [r'backscatter.{0,100}\d+ ?(%|percent)', r'\d+ ?(%|percent).{0,100}backscatter']),
     ("is there a paid service that filters backscatter for us", U, [r'(paid|commercial) (service|filter)', r'backscatter (filtering )?(service|provider)']),
     )

# ---------------------------------------------------------------- sqlite-help
S = 'sqlite-help'

conv(S,
     ("hi do i have to pay anything to use sqlite in a product we sell", ['SQLite is in the public domain', 'free for use for any purpose']),
     ("do i need to ask anyone for permission", ['You can do anything you want with it']),
     ("!how big can a database get", ['281 terabytes']),
     ("how many banks use it", U, [r'\bbanks?\b|banking', r'financial (institutions|industry)']),
     )
conv(S,
     ("we're building a website should we use sqlite or a server database", ['most low to medium traffic websites']),
     ("can the database file sit on a network share", ['performance will not be great', 'file locking logic is buggy']),
     ("is it faster than mysql for a small site", U, [r'faster than (mysql|mariadb|postgres)', r'(mysql|mariadb|postgres\w*).{0,60}(slower|faster)']),
     ("how many visits a day can it cope with", ['100K hits/day']),
     ("which web hosting companies support it", U, [r'hosting (companies|providers)', r'(shared|web) hosting']),
     )
conv(S,
     ("my foreign keys aren't doing anything i can delete parent rows freely", ['foreign key enforcement is off by default', 'PRAGMA foreign_keys=ON']),
     ("do i have to do that every time i connect", ['separately for each database connection']),
     ("how do i make child rows go away when the parent is deleted", ['ON DELETE CASCADE', 'CASCADE']),
     ("does turning them on slow down inserts a lot", U, [r'foreign key.{0,100}(\d+ ?%|percent|times) (slower|faster|overhead)', r'(slower|overhead).{0,60}foreign key']),
     ("does the django orm turn that on for me", U, [r'django|hibernate|sqlalchemy|\borm\b']),
     )
conv(S,
     ("what's this wal mode people talk about", ['write-ahead log', 'Write-Ahead Logging']),
     ("how do i turn it on", ['PRAGMA journal_mode=WAL']),
     ("do i have to set it again each time i open the database", ['PRAGMA journal_mode=WAL is persistent']),
     ("can i use it if the database is on a network drive", ['WAL does not work over a network filesystem']),
     ("will wal mode work with the sqlite inside android", U, [r'android', r'\bios\b.{0,60}wal']),
     )
conv(S,
     ("hi how many columns can a table have", ['The default setting for SQLITE_MAX_COLUMN is 2000']),
     ("what's the biggest string i can store", ['1 billion', '2147483647']),
     ("and how many databases can i attach at once", ['set to 10 by default']),
     ("does having lots of tables slow anything down", ['startup time and initial memory usage is proportional']),
     ("what's the biggest sqlite database anyone runs in production", U, [r'(largest|biggest) (known |production )?(database|deployment)s?', r'in production']),
     )
conv(S,
     ("i deleted a lot of rows but the file is still the same size why", ['the database file did not get any smaller', 'VACUUM']),
     ("how do i shrink it", ['VACUUM']),
     ("can it do that automatically", ['auto_vacuum']),
     ("can vacuum write a copy somewhere else instead", ['VACUUM INTO']),
     ("how long does vacuum take on a ten gigabyte file", U, [r'vacuum.{0,100}(takes?|took|lasts?) (about |roughly )?\d+ ?(seconds|minutes|hours)', r'\d+ ?(gb|gigabytes?).{0,60}vacuum']),
     )
conv(S,
     ("i want to copy a database while the app is still using it how", ['Online Backup API']),
     ("is there an easier way from the command line", ['.backup']),
     ("why not just copy the file with the normal copy command", ['in the middle of a transaction']),
     ("what else do i need to copy if i copy the file by hand", ['without also copying its journal']),
     ("which backup software do you recommend for that", U, [r'(recommend|suggest)\w* .{0,60}backup (software|tool|program|product)', r'rsync|borg|bacula|veeam|time machine']),
     ("can i back it up straight to amazon s3", U, [r'back(ing)? ?up.{0,60}(\bs3\b|amazon|azure|cloud)', r'(\bs3\b|azure|cloud storage).{0,60}back(ing)? ?up']),
     )
conv(S,
     ("does sqlite have a date column type", ['does not have a storage class set aside']),
     ("so how do i store them", ['as TEXT, REAL, or INTEGER values']),
     ("which of the three ways is best for dates", U, [r'(best|recommended|preferred) (way|format) (to|for) stor\w* dates', r'(recommend|should) (use|store).{0,40}(iso.?8601|julian|unix time)']),
     ("can i make a column reject the wrong type", ['STRICT']),
     ("since what version", ['as of version 3.37.0']),
     )
conv(S,
     ("what happens if i put text into an integer column", ['type affinity', 'if not, it inserts the string']),
     ("is that different from other databases", ['static, rigid typing', 'every SQL database engine other than SQLite']),
     ("and do the big ones like sql server convert the value for you", ['PostgreSQL, MySQL, SQL Server, and Oracle all do']),
     ("will strict typing become the default in a future version", U, [r'strict.{0,100}(become|be made|will be) the default', r'(future|next) (version|release)s?.{0,80}strict']),
     )
conv(S,
     ("should i use the autoincrement keyword for my ids", ['should be avoided if not strictly needed', 'It is usually not needed']),
     ("what happens if the ids run out", ['SQLITE_FULL']),
     ("and without autoincrement what happens when it hits the top", ['picking positive candidate ROWIDs at random', 'an unused key value is chosen at random']),
     ("how long would it take a normal app to use them all up", U, [r'(years|centuries|millennia) (to|before).{0,60}(exhaust|run out|use up)', r'(exhaust|run out).{0,60}\d+ (years|centuries)']),
     )
conv(S,
     ("how do i get my csv file into a table", ['.import', '.import --csv']),
     ("the first line has the column names can i skip it", ['--skip 1']),
     ("and how do i send query results out to a csv file", ['.mode csv', '.once']),
     ("can it open the result in excel straight away", ['.excel']),
     ("what's the biggest csv it can import", U, [r'\.import.{0,120}(maximum (size|file)|size limit|largest file|up to \d+ ?(mb|gb|rows))', r'csv.{0,60}(size limit|maximum size|too large)']),
     ("can it import excel xlsx files directly", U, [r'xlsx', r'\.xls\b', r'import.{0,60}excel', r'excel.{0,60}import']),
     )

conv(S,
     ("hi my app keeps getting busy errors when two things write at once is that normal", ['only allow one writer at any instant', 'only supports one writer at a time']),
     ("can i make it wait instead", ['busy_timeout', 'sqlite3_busy_timeout()']),
     ("my inserts are really slow like a few dozen a second how many should it manage", ['50,000 or more INSERT statements per second']),
     ("so why is mine so slow", ['only do a few dozen transactions per second', 'limited by the rotational speed']),
     ("so how many transactions a second would i get on an nvme drive", U, [r'nvme|\bssd\b|solid.state|flash (drive|storage)']),
     )
conv(S,
     ("is sqlite safe to use from several threads", ['SQLite is threadsafe', 'Threads are evil']),
     ("can i open the same file from two processes", ['Multiple processes can have the same database open']),
     ("and can they both write at the same time", ['only one process can be making changes']),
     ("how long is the file locked during a write", ['a few milliseconds']),
     ("is it safe to run it on kubernetes with several pods sharing the volume", U, [r'kubernetes|docker', r'\bpods?\b']),
     )
conv(S,
     ("can i have a database that lives only in memory", [':memory:', 'in-memory database']),
     ("what happens to it when i close it", ['automatically deleted and memory is reclaimed']),
     ("how much faster is it than a file on disk", U, [r'in-memory.{0,100}(\d+ ?%|\d+ times|\d+x) faster', r'(\d+ ?%|\d+ times) faster.{0,100}memory']),
     ("and how do i save it to a file in the end", ['.save', '.backup']),
     ("is there a size limit for an in memory database", U, [r'in-memory.{0,100}(limit|maximum|at most)', r'(limit|maximum) (size )?(of|for) (an )?in-memory']),
     )
conv(S,
     ("i need to insert a row or update it if it's already there is there one statement for that", ['UPSERT', 'ON CONFLICT']),
     ("when was that added", ['version 3.24.0 (2018-06-04)']),
     ("and can i get the new id back from the same statement", ['RETURNING']),
     ("since which version", ['since version 3.35.0 (2021-03-12)']),
     ("is upsert faster than doing a select and then an insert", U, [r'upsert.{0,100}(faster|slower|performance)', r'(faster|slower) than.{0,60}(select|separate)']),
     )
conv(S,
     ("can i drop a column from a table", ['DROP COLUMN']),
     ("it's failing on me why would that be", ['The column is indexed', 'The column is a PRIMARY KEY']),
     ("and when i add a column where does it go", ['always appended to the end of the list']),
     ("can the new column have a default of the current time", ['may not have a default value of CURRENT_TIME']),
     ("can i change a column's type with alter table", ['you will have to recreate it']),
     ("is there a gui where i can change columns by clicking", U, [r'\bgui\b (tool|program|application|front.?end|editor)', r'graphical (tool|program|application|front.?end|editor|interface)', r'db browser|sqlitestudio|dbeaver']),
     )
conv(S,
     ("how long will sqlite be supported", ['support SQLite through the year 2050']),
     ("and can i copy a file from a windows pc to a mac", ['bit-for-bit identical', 'without having to translate or convert']),
     ("will version four come out", ['begin with "3."']),
     ("when is the next release due", U, [r'next (release|version) (is )?(due|planned|scheduled|expected)', r'release (schedule|cadence)', r'(every|once (a|per)) (month|quarter|year).{0,40}release']),
     ("will you still fix security bugs in three point forty", U, [r'3\.40.{0,100}(security|fix|patch|support)', r'(security|patch).{0,100}3\.40', r'older (versions|releases).{0,40}(patched|security fixes)']),
     )

conv(S,
     ("hi i accidentally deleted some rows can i get them back", ['recover the information from your backup', 'recovery is very difficult']),
     ("and if i've run vacuum since then", ['Recovery is also impossible']),
     ("is there a setting that wipes deleted data for privacy", ['SQLITE_SECURE_DELETE', 'overwrites all deleted content with zeros']),
     ("can your team recover the file for us if we send it in", U, [r'(send|mail|ship) (us|in) (your|the) (database|file)', r'(data )?recovery service']),
     ("how much would that cost", U, [r'(\$|€|£) ?\d+(,\d{3})*(\.\d\d)? (per|for|each|a) ', r'\d+ ?(dollars|euros|pounds)\b', r'(fee|price|cost) (for|of) (data )?recovery']),
     )
conv(S,
     ("can sqlite store json", ['SQLite stores JSON as ordinary text']),
     ("is json faster than putting the fields in normal columns", U, [r'json.{0,100}(faster|slower) than (ordinary|normal|regular|separate) (columns|tables)', r'(columns|tables) .{0,40}(faster|slower) than .{0,20}json']),
     ("how do i pull one field out of a json column", ['json_extract()', 'the -> and ->> operators']),
     ("is there a binary json type like in postgres", ['does not (currently) support a binary encoding']),
     ("how deeply can json be nested before it errors out", ['more than 2000 levels of nesting']),
     )
conv(S,
     ("how do i do a full text search in sqlite", ['FTS5']),
     ("how do i search for words starting with some letters", ['prefix token', '"*" character']),
     ("what tokenizer does it use if i don't pick one", ['unicode61']),
     ("and how are the results ranked", ['bm25']),
     ("does it handle chinese text well", U, [r'chinese|japanese|\bcjk\b', r'korean']),
     )
conv(S,
     ("can i update a view", ['Views are read-only in SQLite']),
     ("is there a way round that", ['INSTEAD OF trigger']),
     ("can a trigger fire another trigger", ['recursive triggers']),
     ("how deep can that go", ['The default maximum trigger recursion depth is 1000']),
     ("do lots of triggers slow down inserts noticeably", U, [r'triggers.{0,100}(slow|performance|overhead)', r'(slow|performance|overhead).{0,60}triggers\b', r'trigger.{0,40}(cost|overhead) (of|per)']),
     ("can i put an index on a view", U, [r'(index|indexes|indices) (on|for) (a )?views?', r'indexed views?']),
     )
conv(S,
     ("how do i get the current date in a query", ["'now'"]),
     ("is that my local time", ['Universal Coordinated Time', 'UTC']),
     ("how do i convert it to local time then", ['localtime']),
     ("does it get daylight saving right for old dates on windows", ['historical DST calculations will be incorrect']),
     ("how do i show dates the european way with the day first", U, [r'european|day.first|dd[./-]mm', r'\blocale\b']),
     )
conv(S,
     ("does sqlite have window functions like row number", ['first added to SQLite with release version 3.25.0']),
     ("were they checked against another database", ['PostgreSQL', 'operate the same way in both']),
     ("and generated columns when did those come in", ['3.31.0']),
     ("is there something like materialized views", U, [r'materiali[sz]ed views?']),
     ("!do you offer training courses", U, [r'training (course|class|session)s?', r'(course|class)es? (on|in|about) sqlite']),
     )

# ---------------------------------------------------------------- git-help
G = 'git-help'

conv(G,
     ("hi i just committed but spelled the message wrong how do i fix it", ['git commit --amend']),
     ("is it ok to do that after i've pushed", ['use git revert instead']),
     ("so what does revert actually do", ['create a new commit which undoes the change']),
     ("how many people on a team usually get upset about rewritten history", U, [r'(how many|number of) (people|developers|users).{0,60}(rewrit|upset)', r'(rewrit\w+ history).{0,80}\d+ ?(%|percent|people|developers)']),
     ("does github let me undo a push from the website", U, [r'github.{0,100}(undo|revert|web (site|interface)|button)', r'(web (site|interface)|browser).{0,60}(undo|revert) (a )?push']),
     )
conv(G,
     ("i need to switch branches but i'm in the middle of something what do i do", ['git stash']),
     ("how do i get my changes back after", ['git stash pop']),
     ("what's the difference between pop and apply", ['do not remove the state from the stash']),
     ("does stash save new files i haven't added yet", ['--include-untracked', '-u']),
     ("how many stashes can i keep", U, [r'(maximum|limit|at most|up to \d+) (number of )?stash(es| entries)', r'stash (list|entries).{0,60}(limit|maximum)']),
     ("if i drop one by mistake can i get it back", ['cannot be recovered through the normal safety mechanisms']),
     )
conv(G,
     ("i did a hard reset and lost a commit can i get it back", ['git reflog']),
     ("how far back does that history go", ['defaults to 90 days']),
     ("what's the difference between soft and hard reset", ['--soft', 'Resets the index and working tree']),
     ("which one should a beginner use", U, [r'beginners? (should|use)', r'(recommend|safest)\w*.{0,40}(--soft|--mixed|--hard)']),
     ("is there an undo button in git like in word", U, [r'undo button', r'(like|as) in (microsoft )?word\b']),
     )
conv(G,
     ("how do i make git ignore my build folder", ['.gitignore']),
     ("i added it but git still shows the file changes why", ['Files already tracked by Git are not affected']),
     ("so how do i stop tracking it", ['git rm --cached']),
     ("is there a ready made ignore list for java projects", U, [r'java.{0,60}(ignore|template)', r'(template|ready.made|sample) (\.?gitignore|ignore (file|list))']),
     ("how many patterns can one gitignore file have", U, [r'(maximum|limit|up to \d+) (number of )?(patterns|lines)', r'gitignore.{0,60}(limit|maximum)']),
     )
conv(G,
     ("something broke between last month's version and now how do i find which commit did it", ['git bisect', 'binary search algorithm']),
     ("can it run my test script by itself", ['git bisect run']),
     ("what exit code should my script use when the code is fine", ['exit with code 0']),
     ("how do i get back to normal when i'm done", ['git bisect reset']),
     ("does bisect work on mercurial repositories too", U, [r'mercurial', r'bisect.{0,100}\bhg\b']),
     )
conv(G,
     ("can i have two branches checked out at the same time in different folders", ['git worktree add', 'linked worktree']),
     ("can both folders have the same branch", ['already checked out by another worktree']),
     ("how many worktrees can i have", U, [r'(maximum|limit|at most|up to \d+) (number of )?(linked )?worktrees', r'worktrees?.{0,60}(limit|maximum) (of|is)']),
     ("one of them is on a usb drive that isn't always plugged in is that a problem", ['git worktree lock']),
     ("does a worktree use much extra disk space", U, [r'worktrees?.{0,100}(\d+ ?(mb|gb|%)|disk space|extra space)', r'(disk space|extra space).{0,100}worktrees?']),
     )
conv(G,
     ("how do i save my password so git stops asking every time i push", ['credential helper', 'credential.helper']),
     ("what does the windows version use for that", ['wincred']),
     ("is the store helper safe", ['store your passwords unencrypted on disk', 'unencrypted']),
     ("how do i change the password git remembered", ['erase the existing credentials', 'git will prompt for new ones']),
     ("how often should we make people change their tokens", U, [r'(rotate|change|renew|expire)\w* (your |the )?(tokens?|passwords?) (every|each|after)', r'(tokens?|passwords?) (should )?expire after']),
     )

conv(G,
     ("hi i just installed git what's the first thing i should set up", ['user.name', 'user.email', 'git config --global']),
     ("where does that get saved", ['.gitconfig in your home directory']),
     ("can i use a different email for just one project", ['rather than the repository .git/config', '--global']),
     ("how do i change what the first branch is called in new repos", ['init.defaultBranch']),
     ("will the default name stay like that", ['subject to change in the future']),
     ("what do most companies call their main branch these days", U, [r'(most|many) (companies|projects|teams) (call|name|use)', r'\bmain\b.{0,40}(popular|common|convention)']),
     )
conv(G,
     ("what's the difference between git fetch and git pull", ['stores a copy of the latest changes', 'a fetch followed immediately by either']),
     ("does fetch change my files", ['without modifying the working tree or current branch']),
     ("can i make pull rebase instead of merge every time", ['pull.rebase']),
     ("which one does your company recommend for a team of ten", U, [r'(recommend|suggest)\w* .{0,60}(merge|rebase) (for|in) (a |your )?team', r'team of \d+']),
     ("does pull rebase work in visual studio", U, [r'visual studio.{0,100}(pull|rebase)', r'(pull|rebase).{0,100}visual studio', r'\bvs ?code\b']),
     )
conv(G,
     ("my merge has conflicts and i want to go back to how it was before", ['git merge --abort']),
     ("does that always work", ['will in some cases be unable to reconstruct']),
     ("and if i already committed the merge", ['git reset --hard ORIG_HEAD']),
     ("how do i always get a merge commit even when it could fast forward", ['--no-ff']),
     ("which merge tool is the best for resolving conflicts", U, [r'(best|recommended|preferred) (merge ?tool|diff ?tool)', r'(recommend|suggest)\w* .{0,40}(meld|kdiff3|beyond compare|vimdiff)']),
     )
conv(G,
     ("how do i squash my last few commits into one before sharing", ['git rebase -i', 'squash']),
     ("what's the difference between squash and fixup", ["discard this commit's log message"]),
     ("i'm in the middle of a rebase and it's gone wrong how do i get out", ['git rebase --abort', '--abort']),
     ("should i rebase a branch other people are using", ['rewrites history', 'forced to manually fix their history']),
     ("how many commits can i squash at once", U, [r'(maximum|limit|at most|up to \d+) (number of )?commits (to|can be) (squash|rebase)', r'squash.{0,60}(limit|maximum)']),
     )
conv(G,
     ("i want one fix from another branch without merging the whole thing", ['git cherry-pick']),
     ("can it note where the change came from in the message", ['(cherry picked from commit …)', '-x']),
     ("it stopped with a conflict how do i cancel", ['git cherry-pick --abort', '--abort']),
     ("can i cherry pick from a different repository", U, [r'cherry-pick.{0,100}(another|different|other) repositor', r'(another|different|other) repositor.{0,100}cherry-pick']),
     ("will it be the same commit or a new one", ['recording a new commit for each']),
     )

conv(G,
     ("git won't let me push it says the tip of my branch is behind what do i do", ['integrate the remote changes', 'git pull']),
     ("can i just force it", ['--force-with-lease', '--force']),
     ("will my tags go up with a normal push", ['--follow-tags', '--tags']),
     ("does our server keep a backup if someone force pushes over my work", U, [r'(server|host(ing)?|remote).{0,60}(backup|keeps? a copy).{0,60}force', r'force.push\w*.{0,100}(backup|recover)']),
     ("how do i stop people force pushing to our own server", ['receive.denyNonFastForwards']),
     )
conv(G,
     ("the repo is huge can i clone without all the history", ['--depth', 'shallow clone']),
     ("can i get the full history later", ['--unshallow']),
     ("and can i only check out one folder of it", ['git sparse-checkout set', 'sparse checkout']),
     ("how big can a git repository get before it becomes a problem", U, [r'(repositor(y|ies)|repo).{0,60}(larger|bigger|more) than \d+ ?(gb|mb|gigabytes)', r'\d+ ?(gb|gigabytes).{0,60}(repositor|repo\b)']),
     ("and should i keep our build output and jar files in there", ['is generally not recommended', 'artifact or package server']),
     ("what about git lfs is that better", U, [r'\blfs\b', r'large file storage']),
     )
conv(G,
     ("hi how do i tag a release", ['git tag', 'annotated']),
     ("what's the difference between the two kinds of tags", ['Annotated tags are meant for release', 'lightweight tags are meant for private or temporary']),
     ("how do i delete a tag i made by mistake", ['git tag -d']),
     ("what version numbering scheme should we use for our tags", U, [r'semantic versioning|semver', r'(recommend|should use)\w* .{0,60}(version(ing)? (scheme|numbers?))']),
     ("!are you open on public holidays", U, [r'public holidays?|bank holidays?', r'opening hours|support hours']),
     )
conv(G,
     ("there are loads of untracked junk files how do i get rid of them", ['git clean']),
     ("it refuses to run why", ['clean.requireForce', 'refuse to delete files or directories']),
     ("can i see what it would delete first", ['just show what would be done', '--dry-run']),
     ("does it remove ignored files too", ['-x', "Don’t use the standard ignore rules"]),
     ("is there a recycle bin so i can get them back", U, [r'recycle bin|trash', r'(recover|restore)\w* .{0,40}(cleaned|removed|deleted) (untracked )?files']),
     )
conv(G,
     ("my branch has a typo in its name how do i rename it", ['-m', '--move']),
     ("how do i delete a branch i'm done with", ['git branch -d']),
     ("it says it's not fully merged", ['git branch -D', 'irrespective of its merged status']),
     ("what's the limit on how long a branch name can be", U, [r'branch names? (can be|may be|is limited to|must be) (at most|up to|no longer than)', r'\d+ (characters|bytes).{0,60}(branch|ref) name', r'(branch|ref) names?.{0,60}\d+ (characters|bytes)']),
     ("is there a naming convention you recommend", U, [r'(recommend|suggest)\w*.{0,60}branch nam', r'branch naming', r'(name|call) (your )?(topic )?branches']),
     )

conv(G,
     ("we have people on windows and linux and the line endings keep getting messed up", ['core.autocrlf', 'text=auto']),
     ("some of our windows files show up as binary why", ['little-endian UTF-16', 'Git works best when you store text']),
     ("does this also fix line endings for our visual studio project files", ['*.vcproj text eol=crlf']),
     ("which editor on windows handles this best", U, [r'(best|recommended) (text )?editor', r'notepad']),
     ("will the files from mac os nine with old mac line endings be converted", U, [r'mac ?os ?(9|nine|classic)', r'\bcr\b.{0,20}(only|line endings).{0,40}(mac|classic)', r'classic mac']),
     )
conv(G,
     ("can i make git check my code before every commit", ['pre-commit']),
     ("where do the hook scripts live", ['$GIT_DIR/hooks', 'core.hooksPath']),
     ("can i force the whole team to use them", ['not effective as a policy control', '--no-verify']),
     ("so where should those checks go then", ['push these kinds of checks to the server']),
     ("which hook framework do most companies use", U, [r'hook (framework|manager|tool)s?', r'husky|lefthook|pre-commit\.com']),
     )
conv(G,
     ("how do i see who changed each line of a file", ['git blame']),
     ("a big reformatting commit messes it up can i skip it", ['--ignore-rev', '--ignore-revs-file']),
     ("can i see that in a web page instead", ['blame/annotation details may optionally be enabled', 'gitweb']),
     ("how long does blame take on a file with ten thousand lines", U, [r'blame.{0,100}(\d+ (seconds|minutes)|takes? (about|roughly))', r'(10,000|ten thousand) lines']),
     )
conv(G,
     ("how do i pull in another project as part of mine", ['submodule', 'git submodule add']),
     ("when someone clones my repo do they get the submodule too", ['--recurse-submodules']),
     ("how do i make sure i don't push without pushing the submodule changes", ['--recurse-submodules=check']),
     ("is a submodule better than a subtree", U, [r'submodules? (are|is) (better|worse|preferable)', r'git subtree\b', r'git-subtree']),
     ("how many submodules can one repo have", U, [r'(maximum|limit|at most|up to \d+) (number of )?submodules', r'submodules?.{0,60}(limit|maximum) (of|is)']),
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
