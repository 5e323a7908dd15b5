#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Two invented software companies' online help centres, each a folder of whole saved HTML pages (skip link, logo,
top navigation, search box, breadcrumbs, sidebar "In this article" / "Related articles", cookie banner, "Was this
article helpful?" widget and footer left in): ledgerly-help/ (Ledgerly, invoicing and bookkeeping software) and
tidepool-help/ (Tidepool, a team chat and video-meeting app). Documents are listed with os.walk, sorted, as paths
relative to this folder.
Each turn is (caller, answers) or (caller, None, probes):
- answers: spans copied verbatim from the VISIBLE text of one of the body's pages (script, style, noscript,
  template, head and comments dropped, tags removed, entities decoded; the rule of check-multiturn.mjs); a span
  must be found in one page both when tags are removed and when they are replaced by a space;
- None: unanswerable; probes are regexes (case-insensitive, whitespace collapsed) grepped over the visible text of
  ALL pages of the body while writing the turn; the build fails if any of them matches.
A caller text starting with '!' is a later turn that is NOT a follow-up (the '!' is dropped).
Every later turn is a follow-up unless marked; the first turn never is.
"""
import html, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUSINESSES = [('ledgerly-help', 'Ledgerly'), ('tidepool-help', 'Tidepool')]
ENTITIES = {'amp': '&', 'lt': '<', 'gt': '>', 'quot': '"', 'apos': "'", 'nbsp': ' ', 'rsquo': '\u2019',
            'lsquo': '\u2018', 'rdquo': '\u201d', 'ldquo': '\u201c', 'mdash': '\u2014', 'ndash': '\u2013',
            'hellip': '\u2026', 'copy': '\u00a9'}


def decode(text):
    def one(m):
        name = m.group(1)
        if name[0] == '#':
            return chr(int(name[2:], 16) if name[1] in 'xX' else int(name[1:]))
        return ENTITIES.get(name.lower(), m.group(0))
    return re.sub(r'&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);', one, text)


def visible(page, sep):
    page = re.sub(r'(?is)<(script|style|noscript|template)\b.*?</\1\s*>', ' ', page)
    page = re.sub(r'(?s)<!--.*?-->', ' ', page)
    page = re.sub(r'(?is)<head\b.*?</head\s*>', ' ', page)
    return decode(re.sub(r'(?s)<[^>]*>', sep, page))


def norm(text):
    return re.sub(r'\s+', ' ', text.lower()).strip()


U = None
CONVERSATIONS = []


def conv(business, *turns):
    CONVERSATIONS.append((business, turns))


L, T = 'ledgerly-help', 'tidepool-help'


# ---------------------------------------------------------------- Ledgerly (invoicing and bookkeeping)
conv(L,
     ('hi um how long is the free trial for ledger lee', ['30-day free trial']),
     ('which plan do i get during the trial', ['free trial of the Growth plan']),
     ('will you remind me before the trial runs out', U, [r'trial.{0,60}(remind|notif)', r'(remind|e-?mail|notif)\w*.{0,80}(before|when) (the|your) trial', r'(remind|e-?mail|notif)\w*.{0,80}trial (ends|is ending|runs out)']),
     ('can i extend it if i need more time', U, [r'extend', r'trial.{0,60}(extension|longer|additional days|more days)']),
     ('and what happens if it runs out and i havent picked anything', ['workspace becomes read-only', 'becomes read-only']),
     ('how long do you keep my stuff then', ['kept read-only for 60 days']))
conv(L,
     ('ok so whats a workspace', ['holds the books of one business']),
     ('i have two businesses do i pay twice', ['billed separately on its own plan', 'Each one has its own subscription']),
     ('is there a discount for the second one', U, [r'(second|additional|multiple|extra) (workspace|business)\w*.{0,60}(discount|% off|cheaper)', r'discount.{0,60}(workspace|second business)']),
     ('how do i switch between them', ['click the business name in the top-left corner']),
     ('what about on the phone app', ['Switch workspace']),
     ('can i move a client from one to the other', U, [r'(mov|cop|transfer)\w* (a |your |the )?clients?', r'(mov|cop|transfer)\w*.{0,40}between workspaces']))
conv(L,
     ('how do i add my bookkeeper to my ledgerly account', ['Invite user', 'Accountant role']),
     ('does that cost extra', ['Users with the Accountant role are free', 'and it is free']),
     ('can they send invoices for me', ['Cannot send invoices']),
     ('can i limit them to just some of my clients', U, [r'(limit|restrict)\w*.{0,40}(certain|specific|some) clients', r'client-level (access|permission)', r'custom roles?']),
     ('can i see what theyve been changing', ['audit log of sign-ins and settings changes', 'On the Pro plan']),
     ('how far back does that go', U, [r'audit log (is |entries are )?(kept|retained|stored)', r'(kept|retain\w*|stored) for.{0,40}audit']))
conv(L,
     ('how much is ledgerly a month', ['$15 per month', '$35 per month', '$70 per month']),
     ('how many people can use the growth one', ['3 users']),
     ('and if i need a fourth person', ['$8 per user per month']),
     ('do you have a discount for students', U, [r'student', r'educat', r'universit', r'school']),
     ('what about for a charity', ['25% off any annual plan']))
conv(L,
     ('i saw the growth plan went up how much is it now', ['$35 per month']),
     ('i signed up last year do i have to pay the new price', ['until March 1, 2027', '$30 per month']),
     ('will you email me before my price changes', U, [r'(e-?mail|notify|notice|remind)\w*.{0,80}(price change|new price|march 1)', r'(price change|new price|march 1).{0,100}(e-?mail|notif|remind)']),
     ('does the price include tax', ['do not include sales tax or VAT']),
     ('if i switch to paying yearly do i keep the thirty dollar price', U, [r'(switch|chang|mov)\w*.{0,40}(annual|yearly).{0,80}\$30', r'\$30.{0,100}(annual|yearly)']),
     ('ok and the starter one is there a limit on invoices', ['Up to 20 invoices']))
conv(L,
     ('what cards do you take for my ledgerly subscription', ['Visa, Mastercard, American Express and Discover']),
     ('where do i find my receipts', ['Billing history']),
     ('can i get my vat number on them', ['tax ID', 'Billing details']),
     ('will it fix the old ones too', ['earlier receipts are not changed']),
     ('can i change the day of the month im billed', U, [r'(chang|mov)\w* (your |the )?billing (date|day)', r'billing (date|day).{0,40}(chang|mov)', r'(chang|mov)\w*.{0,30}charge date']))
conv(L,
     ('my card got declined for ledgerly what happens now', ['retry the card three times over 10 days']),
     ('and if it still doesnt go through', ['becomes read-only until a working card is added']),
     ('will i lose my invoices', ['Nothing is deleted while the workspace is read-only']),
     ('is there a late fee for that', U, [r'late fee.{0,80}(subscription|declin|retry|your plan)', r'(declin|retry|failed).{0,100}(fee|penalt)']),
     ('can my bookkeeper do that instead of me', ['Only the Owner can see and change billing']))
conv(L,
     ('how do i cancel my ledgerly subscription', ['Cancel subscription']),
     ('do i have to say why im leaving', ['Tell us why you are leaving (optional)']),
     ('do i lose access right away', ['stays active until the end of the period']),
     ('im on the yearly plan can i get money back', ['full refund', 'prorated refund for the unused full months']),
     ('how long does the refund take to show up', U, [r'refund.{0,80}(business days|weeks|processed|processing)', r'(within|takes?) \d+ .{0,30}refund']),
     ('i bought it like three weeks ago', ['full refund', 'within 30 days of buying or renewing']))
conv(L,
     ('if i cancel my monthly ledgerly plan halfway through the month do i get a refund', ['do not give refunds for partial months']),
     ('ok what if i just want to stop for the winter', ['for up to 3 months', 'pause a monthly subscription']),
     ('does it cost anything while its paused', ['$5 per month']),
     ('do my recurring invoices still go out', ['recurring invoices are not sent during the pause']),
     ('will you remind me before it starts charging again', U, [r'remind\w*.{0,80}(pause|resum)', r'(paused?|resum\w*).{0,80}(remind|e-?mail|notif)']))
conv(L,
     ('how do i make an invoice in ledgerly', ['New invoice']),
     ('does my customer need to sign up for anything to see it', ['does not need a Ledgerly account', 'pay without signing up']),
     ('can i put my logo on it', ['add your logo and a brand color', 'four invoice templates']),
     ('can i make the invoice in spanish', U, [r'spanish', r'languages?', r'translat']),
     ('how many items can i put on one invoice', U, [r'line items?.{0,60}(up to|maximum|limit)', r'(up to|maximum of|limit of) \d+ (line )?items']))
conv(L,
     ('does ledgerly send reminders when people dont pay', ['3 days before the due date', '7 days after']),
     ('can i charge them a late fee', ['a flat amount or a percentage']),
     ('can it add the fee again every month it stays late', ['which is added once']),
     ('can i change what the reminder email says', U, [r'(customi[sz]|edit|chang|writ)\w* (the |your )?(reminder|wording|message)', r'reminder (text|wording|template|message|e-?mail)']),
     ('can i turn off reminders for one client', U, [r'(turn\w* off|disabl|switch\w* off|stop)\w*.{0,60}remind', r'remind\w*.{0,60}(per client|for (one|a|each|that) client)']),
     ('can the reminders go out by text message', U, [r'(text message|sms).{0,60}(payment )?remind', r'remind\w* (your )?clients?.{0,80}(text message|sms)']))
conv(L,
     ('can ledgerly send the same bill to a client every month', ['send the same invoice on a schedule', 'Recurring invoices']),
     ('what time of day does it go out', ['6:00 a.m.']),
     ('can i pick a different time', U, [r'(chang|choos|set|pick)\w*.{0,40}(the )?time (of day|it is sent)', r'send time']),
     ('can it charge their card automatically', ['Auto-charge']),
     ('what if their card gets declined', ['sent as a normal unpaid invoice']),
     ('does it try the card again later', U, [r'(retr(y|ies|ied)|try again|tries again).{0,80}(auto-?charge|client|saved card)', r'auto-?charge.{0,160}(retr|try again|tries again)']))
conv(L,
     ('how often can a recurring invoice go out', ['weekly, every two weeks, monthly, quarterly or yearly']),
     ('when did you add the every two weeks one', ['October 28, 2026']),
     ('if i change the price does it change the ones i already sent', ['future invoices only', 'Invoices already sent are not changed']),
     ('can my client cancel it themselves', U, [r'client.{0,60}(cancel|stop|unsubscrib|opt out)', r'(cancel|stop)\w*.{0,40}by (the|your) client']),
     ('can i backdate the start', U, [r'backdat', r'(start date|issue date).{0,40}(past|earlier)']))
conv(L,
     ('how can my customers pay me online', ['Credit and debit cards', 'Apple Pay and Google Pay', 'ACH bank transfer']),
     ('whats the fee for a card payment', ['2.9% + 30¢']),
     ('can i add that fee onto the clients bill', U, [r'surcharg', r'pass\w* (on )?(the )?(fee|cost)', r'(fee|fees).{0,60}(to|onto) (the|your) client']),
     ('if i refund my client do i get the fee back', U, [r'refund\w*.{0,80}fee', r'fee.{0,80}refund']),
     ('can my client in canada pay by bank transfer', ['for clients with a US bank account']),
     ('how fast do i get the money', ['2 business days', '4 business days']))
conv(L,
     ('my client paid me in cash how do i mark that', ['Record payment']),
     ('what if they only paid half', ['Clients can also make partial payments', 'remaining balance']),
     ('can i print a receipt for them for the cash', U, [r'(cash|check|payment) receipt', r'\bprint', r'receipt.{0,40}(for|to) (the|your) (client|customer)']),
     ('ok and since when can people pay with google pay', ['November 17, 2026']),
     ('is there a minimum amount for a card payment', U, [r'minimum (amount|payment|charge|invoice)', r'(at least|minimum of) \$\d+']))
conv(L,
     ('how do i connect my bank to ledgerly', ['Connect account']),
     ('is my bank password safe with you', ['never sees or stores your online banking password']),
     ('how far back will it pull transactions', ['up to 90 days of past transactions']),
     ('i need all of last year', ['CSV, OFX or QFX', 'Import statement']),
     ('can i connect my paypal account', U, [r'paypal', r'stripe', r'(online|digital) wallet']),
     ('how often does it update', ['once a day', 'once every 4 hours']))
conv(L,
     ('my bank feed says l b one oh one what do i do', ['Reconnect']),
     ('ok and some transactions are missing', ['Pending card transactions are not imported', '1 to 3 days']),
     ('now i see some of them twice', ['Review duplicates']),
     ('what does l b five hundred mean', U, [r'lb-5\d\d', r'lb-?500']),
     ('my phone app drafts arent uploading should i log out and back in', ['Signing out of the app deletes drafts']),
     ('how long does your team usually take to fix a bank connection', U, [r'(fix|resolv|repair)\w*.{0,60}(within|hours|days)', r'(bank|connection).{0,60}(fixed|resolved) (within|in)']))
conv(L,
     ('what reports does ledgerly have', ['Profit and loss', 'Balance sheet', 'Cash flow']),
     ('whats the difference between cash and accrual', ['income counted when paid', 'income counted when invoiced']),
     ('can i see who owes me money and how late they are', ['Aged receivables']),
     ('can i put my logo on the reports', U, [r'logo.{0,60}report', r'report.{0,80}(logo|brand)']),
     ('can i compare it to my budget', U, [r'budget']),
     ('can i have it emailed to my accountant every month', ['On the Pro plan', 'e-mailed weekly or monthly']))
conv(L,
     ('will ledgerly do my taxes for me', ['does not file tax returns']),
     ('so what do i give my accountant', ['sales tax summary', 'profit and loss reports']),
     ('will it remind me when my sales tax is due', U, [r'(due date|deadline).{0,60}(tax|return)', r'tax.{0,60}(deadline|remind|due)']),
     ('does it figure out my quarterly estimated taxes', U, [r'estimated tax', r'quarterly (tax|payment)', r'income tax']),
     ('does it do payroll', ['does not run payroll']),
     ('does the gusto thing cost extra', ['which you pay for separately']))
conv(L,
     ('how do i download all my data from ledgerly', ['Full export']),
     ('can i set it to export by itself every month', U, [r'(schedul|automatic)\w* (data )?exports?', r'exports? (can be )?(scheduled|run automatically)']),
     ('how long is the download link good for', ['valid for 7 days']),
     ('can i export while my account is read only', ['including when your workspace is read-only']),
     ('can i export it straight into quickbooks', U, [r'quickbooks', r'xero', r'\biif\b']))
conv(L,
     ('can i use the ledgerly app with no signal', ['create draft invoices and capture receipts']),
     ('can i send the invoice while im offline', ['Invoices cannot be sent while offline']),
     ('can i use my fingerprint to get in', ['Face ID, Touch ID or your Android fingerprint']),
     ('does the app work on an apple watch', U, [r'apple watch', r'smartwatch', r'wear ?os']),
     ('when did the receipt reading thing come out', ['September 30, 2026']),
     ('does it read the tax off the receipt too', U, [r'(reads?|fill\w* in).{0,60}tax', r'tax.{0,40}automatically']))
conv(L,
     ('does ledgerly work with shopify', ['online store sales and fees']),
     ('what about hubspot', ['Keeps clients in sync with HubSpot contacts', 'Pro']),
     ('is there an api', ['available on the Growth and Pro plans', '120 per minute']),
     ('do you have webhooks', U, [r'webhook', r'callback', r'event notif']),
     ('how much does zapier cost', U, [r'zapier.{0,80}\$', r'\$.{0,40}zapier', r'zapier.{0,80}(price|costs? \$|per month)']))
conv(L,
     ('how do i turn on two factor for ledgerly', ['Turn on two-step verification']),
     ('can i get the codes by text', ['until December 8, 2026']),
     ('what if i lose my phone', ['sign in with a backup code']),
     ('and if i lost those too', ['contact support', 'up to 2 business days']),
     ('can i turn it off again later', U, [r'turn\w* (it )?off', r'disabl\w*.{0,40}(two-step|verification)']),
     ('can i use a security key like a yubikey', U, [r'security key', r'yubikey', r'hardware key', r'passkey']))
conv(L,
     ('is my data encrypted with ledgerly', ['AES-256', 'TLS 1.2 or higher']),
     ('where are your servers', ['data centers in the United States']),
     ('do you have a soc two report', U, [r'soc ?2', r'iso ?27001', r'compliance report', r'certif']),
     ('can i make everyone on my team use two factor', ['require every user in the workspace']),
     ('how long before it logs me out', ['14 days without activity']),
     ('what about on the phone app', U, [r'(mobile|phone) app.{0,60}(signed out|sign you out|time ?out|inactiv)', r'(signed out|inactiv).{0,60}(mobile|phone) app']))
conv(L,
     ('if i cancel ledgerly how long do you keep my data', ['12 months']),
     ('can i come back during that time', ['reactivate the workspace by choosing a plan']),
     ('will you email me before you delete it', U, [r'(e-?mail|remind|warn|notif)\w*.{0,80}(before|prior).{0,40}delet', r'delet\w*.{0,60}(reminder|warning)']),
     ('and after the twelve months can i get it back', ['cannot be recovered']),
     ('can i delete it right away instead', ['delete a cancelled workspace at any time']))
conv(L,
     ('i want my business deleted from ledgerly completely who can do that', ['Only the Owner can delete a workspace']),
     ('do i have to cancel first', ['only after its subscription has been cancelled']),
     ('how long until its out of your backups', ['within 35 days']),
     ('can you send me something in writing that its deleted', U, [r'certificate', r'confirm\w* (of )?(the )?deletion', r'deletion (confirm|notice|e-?mail|letter)']),
     ('does deleting it close my online payments account too', U, [r'payments.{0,80}(clos|delet|deactiv)', r'(clos|delet)\w*.{0,60}ledgerly payments']))
conv(L,
     ('whats the ledgerly support phone number', ['(503) 555-0142', '555-0142']),
     ('im on growth can i call it', ['Pro']),
     ('ok so how do i reach you then', ['Chat in the app', 'support@ledgerly.example']),
     ('is the chat a real person or a bot', U, [r'\bbot\b', r'(real|live) (person|agent|human)', r'automated']),
     ('are you open saturdays', ['Saturday 10:00 a.m.']),
     ('do you have anyone who speaks french', U, [r'french', r'languages?', r'bilingual', r'espa']))
conv(L,
     ('is there somewhere i can see if ledgerly is down', ['status.ledgerly.example']),
     ('when do you do maintenance', ['Sundays between 2:00 a.m. and 4:00 a.m.']),
     ('will you tell me ahead of time if its going to be longer', U, [r'(advance|ahead of time|in advance).{0,60}(notice|maintenance)', r'maintenance.{0,80}(announce|notif|e-?mail)']),
     ('will my clients still be able to open their invoices then', ['Invoice links sent to your clients keep working']),
     ('do you give a credit if theres an outage', U, [r'(credit|refund).{0,80}(outage|downtime|unavailable)', r'(outage|downtime).{0,80}(credit|refund)', r'uptime', r'service level']),
     ('are you closed on thanksgiving', ['Thanksgiving Day']))
conv(L,
     ('can i send a quote with ledgerly before the invoice', ['Invoices > Quotes', 'turn it into an invoice with one click']),
     ('how does the client say yes to it', ['accepts it online']),
     ('does a quote expire', U, [r'quotes?.{0,80}(expir|valid (for|until))', r'expir\w*.{0,60}quote']),
     ('can the client sign it', U, [r'signature', r'e-?sign\b', r'electronic(ally)? sign']),
     ('can my regular user make quotes', ['Create and send invoices and quotes']),
     ('can they see the reports', ['Cannot see reports or bank accounts']))
conv(L,
     ('is there like a training class for ledgerly', ['live onboarding webinar', 'every Tuesday at 1:00 p.m. Eastern']),
     ('does it cost anything', ['free live onboarding webinar']),
     ('is it recorded if i cant make it', U, [r'webinar.{0,120}(record|replay|on.demand)', r'(recording|replay) of (the )?(webinar|session)']),
     ('where do i sign up for it', ['Register from the Help menu']),
     ('is there a webinar for accountants', U, [r'webinar.{0,80}accountant', r'accountant.{0,80}(webinar|training|class)']))

# ---------------------------------------------------------------- Tidepool (team chat and video meetings)
conv(T,
     ('whats a space in tide pool', ['Everything your team shares lives inside it']),
     ('can i be in more than one', ['can be a member of several spaces']),
     ('is there a limit on how many i can join', U, [r'(limit|maximum|up to \d+).{0,40}\bspaces\b', r'\bspaces\b.{0,40}(limit|maximum)']),
     ('can i change our space address', ['only once every 30 days']),
     ('can i merge two spaces together', U, [r'merg', r'combin\w* (two |the )?spaces']))
conv(T,
     ('whats the difference between a channel and a direct message', ['a conversation for a topic, team or project', 'up to 8 people']),
     ('can i add someone to a group message later', ['cannot be added to an existing group DM']),
     ('can i rename a group message', ['Direct messages cannot be renamed']),
     ('can i pin messages in a channel', U, [r'pin\w* (a |the )?messages?', r'pinned messages?', r'bookmark']),
     ('can a private channel be made public later', ['A private channel cannot be made public']),
     ('can i make a channel where only i can post', U, [r'announcement[- ](only|channel)', r'(only|just) (admins|certain people|some people|you) can post', r'posting permissions?', r'who can post']))
conv(T,
     ('we finished a project how do i get rid of its channel in tide pool', ['archive its channel instead of deleting it']),
     ('can people still read it', ['read-only but stay searchable']),
     ('can we get a channel back after deleting it', ['removes its messages permanently']),
     ('can i unarchive it later', U, [r'unarchiv', r'restor\w*.{0,40}(archiv|channel)', r'(reopen|reactivat)\w*.{0,40}channel']),
     ('does an archived channel count against our storage', U, [r'archiv\w*.{0,100}storage', r'storage.{0,100}archiv']))
conv(T,
     ('how do i start a new tide pool for my team', ['tidepool.example/start']),
     ('i got a code how long is it good for', ['expires after 10 minutes']),
     ('can i send people a link instead of typing all their emails', ['copy an invite link to share']),
     ('can i make the link only work for a certain number of people', U, [r'invite links?.{0,80}(number of|uses|limit|people)', r'(limit|maximum) (the )?(number of )?(uses|joins)']),
     ('can anyone with our company email just join', ['Allow sign-ups from my domain']),
     ('can i bring over our old messages from another chat app', U, [r'\bimport\b', r'\bimporting\b', r'migrat']))
conv(T,
     ('does tide pool have a free trial of the paid version', ['14-day free trial of the Business plan']),
     ('what happens when it ends', ['the space returns to Free']),
     ('do we lose our recordings when it goes back to free', U, [r'recordings?.{0,100}(downgrad|returns? to free|back to free|trial end)', r'(downgrad|returns? to free|trial end).{0,100}recording']),
     ('how much is business per person', ['$12 per month', '$15 per month']),
     ('do we pay for people who never log in', ['You only pay for active members', 'has not used Tidepool for 14 days']))
conv(T,
     ('how do i let a client into just one channel on tide pool', ['Invite a guest', 'Single-channel guest']),
     ('do i pay for them', ['Single-channel guests are free']),
     ('what if they need three channels', ['Multi-channel guest', 'billed at the same rate as members']),
     ('can guests start a video call', ['cannot start a meeting']),
     ('is there a limit on how many guests we can have', U, [r'(limit|maximum) (on|of|to) (the )?(number of )?guests', r'guests per (space|member)', r'(up to|maximum of) \d+ guests']),
     ('can i make their access end on its own', ['a date when their access ends']))
conv(T,
     ('we hired our contractor full time can i make their tide pool guest account a normal one', ['change a guest to a member']),
     ('do they lose their old messages', ['keeps their messages and channels']),
     ('when does the billing start', ['from the day of the change']),
     ('do you charge tax on top', U, [r'\btax', r'\bvat\b']),
     ('can we get a discount were a school', ['50% off the Team and Business plans']),
     ('how do we prove were a school', U, [r'(proof|document|verif)\w*.{0,80}(nonprofit|school|discount)', r'(nonprofit|school|discount).{0,80}(proof|document|verif)']))
conv(T,
     ('how long can i snooze tide pool notifications for', ['until tomorrow', '30 minutes, 1 hour, 2 hours']),
     ('will i get an email about what i missed', ['we e-mail you a summary']),
     ('how often', ['once every 15 minutes', 'once an hour']),
     ('can i get them as text messages instead', U, [r'text messages?', r'\bsms\b']),
     ('can i set different quiet hours on weekends', U, [r'weekend', r'different (days|schedules?)']))
conv(T,
     ('how long can a meeting be on the free tide pool', ['40 minutes']),
     ('what happens when the time runs out', ['one-minute warning']),
     ('can i get a warning earlier like five minutes before', U, [r'(five|5|ten|10)[- ]minute warning', r'(chang|set)\w*.{0,40}warning']),
     ('can we just start another one', ['start a new meeting straight away']),
     ('what about on team', ['8 hours', '50']),
     ('whats the limit for a webinar', U, [r'webinar', r'livestream', r'live stream', r'broadcast', r'town hall']))
conv(T,
     ('can people call into a tide pool meeting from a regular phone', ['dial-in numbers', 'Business and Enterprise plans']),
     ('is it a toll free number', ['toll numbers in 20 countries', 'normal call charges from your phone company apply']),
     ('which countries', U, [r'(countries|country) (include|such as|:)', r'\bjapan\b', r'united kingdom', r'canada', r'germany', r'australia']),
     ('can i call out to someones phone from the meeting', ['does not make calls to phone numbers']),
     ('can people join without an account', ['without a Tidepool account']),
     ('how do i keep strangers out', ['waiting room']))
conv(T,
     ('does tide pool have breakout rooms', ['up to 20 breakout rooms']),
     ('which plans', ['On Business and Enterprise']),
     ('can people pick their own room', U, [r'(choos|pick|select)\w* (their|a) (own )?(breakout )?room', r'self-?select']),
     ('can the host pop into a room', U, [r'host.{0,60}(join|visit|move between).{0,40}room', r'(join|visit)\w* (a |each )?breakout']),
     ('how many people can be in the whole meeting on business', ['150']))
conv(T,
     ('can i record a tide pool meeting', ['Team, Business and Enterprise plans']),
     ('where does the recording end up', ['posted in the channel or direct message', 'Files > Recordings']),
     ('does it save to my computer', ['saved in the cloud, not on your computer']),
     ('can i record just the audio', U, [r'audio[- ]only record', r'record\w*.{0,40}(audio only|just audio|sound only)', r'\bmp3\b|\bm4a\b']),
     ('can i pause the recording partway', U, [r'paus\w*.{0,40}record', r'record\w*.{0,40}paus']),
     ('how long till its ready', ['within 10 minutes', 'up to an hour']))
conv(T,
     ('how long does tide pool keep meeting recordings', ['kept until someone deletes them']),
     ('can we make them delete themselves', ['30, 90 or 365 days']),
     ('can we buy more storage', U, [r'(buy|purchas|add)\w* (more |extra |additional )?storage', r'storage add-?on', r'extra storage']),
     ('can i share a recording with a client outside', ['creating a view link', 'view links expire after 7 days']),
     ('can i put a password on that link', U, [r'password.{0,60}(link|recording)', r'(link|recording).{0,60}password']))
conv(T,
     ('does tide pool make transcripts of meetings', ['each recording comes with a transcript']),
     ('which languages', ['English, Spanish, French and German']),
     ('can i search inside the transcripts', U, [r'transcripts?.{0,100}search', r'search.{0,100}transcripts?']),
     ('is that on the team plan', ['On the Business and Enterprise plans']),
     ('what about live captions while were talking', ['in English on every plan']),
     ('can i fix mistakes in the transcript', U, [r'(edit|correct)\w*.{0,40}transcript', r'transcript.{0,60}(edit|correct)']))
conv(T,
     ('how do i share my screen in a tide pool call', ['Share in the meeting toolbar']),
     ('can i hide my notifications while im sharing', U, [r'(hid|silenc|paus)\w*.{0,40}notifications?.{0,40}shar', r'shar\w*.{0,60}(do not disturb|notifications)']),
     ('can two people share at once', ['two people can share at the same time']),
     ('can i share from my phone', U, [r'(phone|mobile|ios|android).{0,40}shar', r'shar\w* (your |my )?screen.{0,30}(phone|mobile app|ios|android)']),
     ('can the other person control my mouse', ['request control']),
     ('does that work in the browser', ['desktop apps only, not in the browser']))
conv(T,
     ('how do i jump to a channel fast in tide pool', ['Ctrl + K']),
     ('how do i edit a message i just sent', ['in an empty message box', 'hover over the message']),
     ('is there a shortcut to reply in a thread', U, [r'thread', r'repl(y|ies)']),
     ('do the meeting ones work when im in another window', ['when the meeting window is in focus']),
     ('is there a shortcut to start recording', U, [r'record\w*.{0,40}(ctrl|shortcut|alt)', r'(ctrl|shortcut).{0,60}record']))
conv(T,
     ('what do i need to run tide pool on windows', ['Windows 10 (64-bit) or later']),
     ('is there a linux version', ['Linux (beta)', 'Ubuntu 22.04 or later']),
     ('what internet speed for a group video call', ['3 Mbps', '6 Mbps']),
     ('how much disk space does it need', U, [r'disk', r'(hard drive|storage) space', r'free (disk )?space (needed|required)']),
     ('and my phone is an iphone on ios fifteen', ['iOS 16 or iPadOS 16 or later']))
conv(T,
     ('whats the biggest file i can send in tide pool', ['100 MB per file', '1 GB per file']),
     ('were on team', ['Up to 1 GB per file']),
     ('can i make a file disappear after a while', U, [r'expir\w*.{0,40}files?', r'files?.{0,40}expir']),
     ('it wont let me upload an exe', ['put it in a ZIP file first']),
     ('are files scanned for viruses', U, [r'virus', r'malware', r'scan']),
     ('if i delete a file can i get it back', ['cannot be recovered']))
conv(T,
     ('how much storage do we get on free tide pool', ['5 GB per space']),
     ('what happens when we run out', ['nobody can upload new files']),
     ('can i see how much weve used', U, [r'(see|check|view)\w*.{0,40}(storage|how much)', r'storage (usage|used|meter)']),
     ('can i upload a whole folder', U, [r'folder', r'upload\w*.{0,40}director']),
     ('how do i find a file someone sent me last month', ['has:file']))
conv(T,
     ('how do i search messages from one person in tide pool', ['from:@maya']),
     ('does it search inside pdfs', ['inside the text of PDF, Word and PowerPoint']),
     ('can i search by emoji reaction', U, [r'reactions?', r'has:(emoji|reaction)']),
     ('can i save a search', U, [r'sav\w* (a |your )?search', r'saved search']),
     ('will it show me private channels im not in', ['never included']))
conv(T,
     ('how do i stop people from creating channels in our tide pool', ['Who can create channels', 'admins only']),
     ('can we auto delete old messages', ['from 30 days to 7 years']),
     ('is that on team', ['on Business and Enterprise']),
     ('can we have a different time for different channels', U, [r'(per|each|individual|different) channels?.{0,60}retention', r'retention.{0,80}(per|each|individual|specific) channel']),
     ('can an admin see who read a message', U, [r'read receipts?', r'(seen|read) by (whom|who|which)', r'who (has )?(read|seen)']))
conv(T,
     ('someone left the company how do i remove them from tide pool', ['Deactivate a member']),
     ('will they still be logged in on their phone', ['signed out everywhere at once']),
     ('do we get money back for their seat', ['prorated credit']),
     ('can i move their files to someone else', U, [r'(transfer|reassign|mov)\w*.{0,40}files', r'files.{0,40}(transfer|reassign)']),
     ('can i bring them back later if they return', U, [r'reactivat', r'(restor|re-?enabl|undo)\w*.{0,40}(member|deactivat)']))
conv(T,
     ('does tide pool have single sign on', ['SAML single sign-on', 'Business and Enterprise plans']),
     ('we use okta does that work', ['Okta']),
     ('what about setting up users automatically', ['SCIM', 'Enterprise only']),
     ('how long does it keep people signed in', U, [r'session (length|timeout|duration)', r'signed in for', r're-?authenticat', r'sign in again']),
     ('can i make it required for everyone', ['require it for all members']),
     ('can we use two different identity providers at once', U, [r'(two|multiple|more than one) identity providers', r'identity providers?.{0,40}(at once|same time)']))
conv(T,
     ('how do i get a copy of all our tide pool messages', ['Export data']),
     ('were on team does it include private channels', ['Messages and files from public channels']),
     ('are recordings in there', ['Meeting recordings are not included']),
     ('can i open that in excel', U, [r'excel', r'\bcsv\b', r'spreadsheet']),
     ('will people be told i exported their messages', U, [r'(notif|told|inform|alert)\w*.{0,80}export', r'export.{0,80}(notif|inform|told)']))
conv(T,
     ('how much is the tide pool team plan', ['$6 per month', '$8 per month']),
     ('can we pay with a company invoice', ['Enterprise customers on yearly billing']),
     ('is there a money back guarantee', U, [r'refund', r'money.back', r'guarantee']),
     ('what kind of support do we get on team', ['E-mail', 'support@tidepool.example']),
     ('how fast do you answer emails on team', U, [r'(respond|reply|answer)\w* (to )?(e-?mails?|requests|tickets)? ?within', r'response times?', r'first (response|reply)']))
conv(T,
     ('is tide pool doing maintenance soon', ['Saturday, December 12, 2026']),
     ('what time', ['11:00 p.m.', '2:00 a.m. Eastern Time']),
     ('will i be able to have meetings', ['Meetings and calls will be unavailable']),
     ('will my scheduled meetings get moved automatically', U, [r'(reschedul|moved?|postpon)\w*.{0,60}meetings?', r'meetings?.{0,60}(reschedul|moved|postpon)']),
     ('what about chat messages', ['may arrive a few minutes late']),
     ('will we get a credit for the downtime', U, [r'credit.{0,60}(maintenance|downtime|outage)', r'(maintenance|downtime|outage).{0,80}(credit|refund|compensat)']))
conv(T,
     ('is tide pool support open on christmas', ['Closed']),
     ('what about the day after', ['Open 9:00 a.m. to 5:00 p.m. Eastern']),
     ('i thought you were closed that day', ['Support will now be open on December 26', 'previously listed as closed']),
     ('what about christmas eve', ['Open until 3:00 p.m. Eastern']),
     ('does anyone check the community forum over the holidays', U, [r'(forum|community).{0,100}(holiday|monitor|december)', r'(holiday|december).{0,100}(forum|community)']),
     ('will answers be slower over the holidays', U, [r'(slower|longer|delay\w*) (responses?|replies|answers)', r'response times?']))
conv(T,
     ('does tide pool work with a screen reader', ['JAWS and NVDA', 'VoiceOver', 'TalkBack']),
     ('are there captions in meetings', ['available in English on every plan']),
     ('can i make the captions bigger', U, [r'captions?.{0,80}(size|font|colou?r|bigger)', r'(size|font).{0,60}captions?']),
     ('can i keep the sign language interpreter on screen', ['pin up to 3 video tiles']),
     ('does everyone see the pinned person', ['Pinning only changes your own view']),
     ('is there a font thats easier for dyslexia', U, [r'dyslexi', r'\bfonts?\b']))
conv(T,
     ('does tide pool meet wcag', ['WCAG 2.1 level AA']),
     ('how do i get your accessibility report', ['accessibility@tidepool.example']),
     ('is there a dark mode', ['high-contrast light or dark theme']),
     ('do the captions show who is talking', U, [r'speaker (names?|labels?|identif)', r'(who is|who\W?s) (speaking|talking)']),
     ('how fast do you answer accessibility emails', U, [r'accessibility@tidepool\.example.{0,80}(within|days|hours)', r'(within|respond).{0,60}accessibility']))
conv(T,
     ('how do i delete our tide pool space', ['Delete space']),
     ('we pay for team do we need to do anything first', ['A paid subscription must be cancelled first']),
     ('can we undo it if we change our minds', ['Deleted spaces cannot be restored']),
     ('how long do you keep our data after its deleted', U, [r'(after|once).{0,40}delet\w*.{0,80}(days|kept|retain|backup)', r'backups?']),
     ('do we get a refund for the rest of the year', U, [r'refund', r'cancel\w*.{0,100}(prorat|credit|money)']),
     ('how do i download everything first', ['Export data', 'Start export']))

def main():
    errors = []
    documents, texts = {}, {}
    for bid, _ in BUSINESSES:
        paths = []
        for root, dirs, files in os.walk(os.path.join(HERE, bid)):
            dirs.sort()
            paths += [os.path.relpath(os.path.join(root, f), HERE) for f in files if f.endswith('.html')]
        documents[bid] = sorted(paths)
        texts[bid] = []
        for path in documents[bid]:
            raw = open(os.path.join(HERE, path), encoding='utf-8').read()
            texts[bid].append((path, norm(visible(raw, ' ')), norm(visible(raw, ''))))
    out = []
    for n, (bid, turns) in enumerate(CONVERSATIONS, 1):
        cid = f'c{n:03d}'
        rows = []
        for i, turn in enumerate(turns):
            caller, answers = turn[0], turn[1]
            followup = i > 0 and not caller.startswith('!')
            caller = caller.lstrip('!')
            where = f'{cid} turn {i + 1}'
            if not re.fullmatch(r'[a-z0-9 ]+', caller) or '  ' in caller:
                errors.append(f'{where}: caller line has upper case or punctuation: {caller!r}')
            if i == 0 and answers is None:
                errors.append(f'{where}: first turn must be answerable')
            if answers is None:
                for probe in turn[2]:
                    for path, spaced, _ in texts[bid]:
                        m = re.search(probe, spaced, re.I)
                        if m:
                            errors.append(f'{where}: probe {probe!r} matches {path}: ...{spaced[max(0, m.start() - 60):m.end() + 60]}...')
                if not turn[2]:
                    errors.append(f'{where}: unanswerable turn without probes')
                rows.append({'caller': caller, 'answerable': False, 'answers': [], 'followup': followup})
                continue
            if not 1 <= len(answers) <= 3:
                errors.append(f'{where}: 1 to 3 answers wanted')
            for a in answers:
                if len(a.split()) > 8:
                    errors.append(f'{where}: answer {a!r} longer than 8 words')
                if not any(norm(a) in spaced and norm(a) in joined for _, spaced, joined in texts[bid]):
                    errors.append(f'{where}: answer {a!r} not found verbatim in {bid} pages')
            rows.append({'caller': caller, 'answerable': True, 'answers': list(answers), 'followup': followup})
        out.append({'id': cid, 'business': bid, 'turns': rows})
    if errors:
        for e in errors:
            print('ERROR', e, file=sys.stderr)
        sys.exit(f'{len(errors)} error(s); conversations.json not written')
    data = {'businesses': [{'id': b, 'companyName': c, 'documents': documents[b]} for b, c in BUSINESSES],
            'conversations': out}
    with open(os.path.join(HERE, 'conversations.json'), 'w', encoding='utf-8') as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write('\n')
    turns = [t for c in out for t in c['turns']]
    print(f'{len(out)} conversations, {len(turns)} turns, {sum(t["answerable"] for t in turns)} answerable, '
          f'{sum(not t["answerable"] for t in turns)} unanswerable, {sum(t["followup"] for t in turns)} follow-ups')


if __name__ == '__main__':
    main()
