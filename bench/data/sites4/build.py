#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Documents are invented public-sector websites saved as whole HTML pages (header, navigation, language picker,
breadcrumbs, sidebar, footer left in), in marlow-falls-city/ and tillman-county/ next to this file; `documents`
lists every .html file of a business's folder (os.walk, sorted) as a path relative to this folder.
Each turn is (caller, answers) or (caller, U, probes):
- answers: 1 to 3 spans copied verbatim from the VISIBLE text of one of the business's pages (script, style, head and
  comments dropped, tags removed, entities decoded as check-multiturn.mjs does); a span must be found in one page both
  when tags are removed and when they are replaced by a space;
- U: unanswerable; probes are regexes (case-insensitive, whitespace collapsed) that were grepped over the visible text
  of ALL pages of the business while labelling the turn; the build fails if any of them matches.
Every later turn is a follow-up; the first turn never is. Caller lines must be lower case without punctuation.
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUSINESSES = [('marlow-falls-city', 'City of Marlow Falls'), ('tillman-county', 'Tillman County')]
ENTITIES = {'amp': '&', 'lt': '<', 'gt': '>', 'quot': '"', 'apos': "'", 'nbsp': ' ', 'rsquo': '\u2019', 'lsquo': '\u2018',
            'rdquo': '\u201d', 'ldquo': '\u201c', 'mdash': '\u2014', 'ndash': '\u2013', 'hellip': '\u2026', 'copy': '\u00a9'}


def decode(text):
    def one(m):
        name = m.group(1)
        if name[0] == '#':
            return chr(int(name[2:], 16) if name[1] in 'xX' else int(name[1:]))
        return ENTITIES.get(name.lower(), m.group(0))
    return re.sub(r'&(#x[0-9a-f]+|#[0-9]+|[a-z]+);', one, text, flags=re.I)


def visible(page, sep):
    page = re.sub(r'(?i)<(script|style|noscript|template)\b[\s\S]*?</\1\s*>', ' ', page)
    page = re.sub(r'<!--[\s\S]*?-->', ' ', page)
    page = re.sub(r'(?i)<head\b[\s\S]*?</head\s*>', ' ', page)
    return decode(re.sub(r'<[^>]*>', sep, page))


def norm(text):
    return re.sub(r'\s+', ' ', text.lower()).strip()


U = None  # unanswerable marker
CONVERSATIONS = []


def conv(business, *turns):
    CONVERSATIONS.append((business, turns))


C, T = 'marlow-falls-city', 'tillman-county'

# ---------------------------------------------------------------- City of Marlow Falls
conv(C,
     ('hi um is city hall open on christmas eve', ['December 24, 2026: City Hall closed']),
     ('ok what about the monday after that the 28th', ['closed for the winter floating holiday']),
     ('and new years eve', ['City Hall closes at noon']),
     ('is the library open that monday', ['open its regular hours on December 28']),
     ('what time does the library close on new years eve', ['close at 3:00 p.m. on December 31']),
     ('and whats the name of the head librarian', U, [r'library director', r'head librarian', r'city librarian']))
conv(C,
     ('yeah my trash day is friday is it still getting picked up on christmas', ['no collection on Friday, December 25',
                                                                                  'Friday routes collected Saturday']),
     ('so when are they gonna come', ['December 26', 'Saturday of each of those weeks']),
     ('what about the week of new years', ['January 2']),
     ('ok and will they take my christmas tree', ['collected curbside at no charge', 'regular yard debris day']),
     ('does it matter if its a fake tree', U, [r'artificial', r'\bfake\b', r'plastic tree']))
conv(C,
     ('hey so what day does the garbage get picked up downtown', ['Tuesday']),
     ('what time do the cans have to be out', ['by 6:00 a.m.']),
     ('if they skip my house do they charge to come back', U, [r'missed (pickup|collection).{0,80}\$', r'return trip']),
     ('ok and can glass go in the blue one', ['separate yellow glass bin']),
     ('what about those plastic clamshell boxes from berries', U, [r'clamshell', r'berr', r'produce container']))
conv(C,
     ('how much is the smallest garbage can per month', ['$19.85']),
     ('how much is it to have a second garbage can', U, [r'(second|additional|extra) (garbage|gray) cart', r'(garbage|gray) carts? \(second']),
     ('is recycling extra', ['included in the garbage rate']),
     ('can i get a second blue cart', U, [r'second (blue|recycling) cart', r'(extra|additional) (blue|recycling) cart']),
     ('how do i switch to a smaller garbage can', ['555-0140']))
conv(C,
     ('um how do i get rid of an old couch', ['bulky item pickup', 'two free bulky item pickups']),
     ('can i do both free ones in the same month', U, [r'same month', r'per month.{0,40}pickup', r'pickups?.{0,40}(apart|between)']),
     ('how many things can i put out', ['up to three items']),
     ('what if i already used up my free ones', ['$45 for up to three items']),
     ('what time do the trucks usually come by', U, [r'(trucks?|crews?|drivers?) (usually |typically )?(arrive|come)',
                                                      r'pickups? (are|is) made (between|by|after)']),
     ('do they take an old tv', ['Oregon E-Cycles']))
conv(C,
     ('can i put tree branches in the green bin', ['up to 4 inches in diameter']),
     ('ok and do they pick it up every week in the winter', ['every other week from December through March']),
     ('does the city give out free compost bins', U, [r'compost bin', r'backyard compost']),
     ('can kitchen scraps go in there', ['Food scraps, meat or dairy']),
     ('how much does the city sell the compost for', U, [r'\$[\d.]+ (per|a) (yard|cubic)', r'compost.{0,60}\$',
                                                          r'soil amendment.{0,60}\$']))
conv(C,
     ('can i burn old fence boards in my burn pile', ['lumber', 'prohibited at all times']),
     ('whats the fine if somebody does', ['up to $500']),
     ('do i have to call anyone before i light it', ['555-0124']),
     ('how long does it take to get the permit', U, [r'permits? (are|is) (usually |typically )?issued (within|in|the same)',
                                                      r'permit.{0,60}(same day|immediately|business days)']),
     ('is the burn line updated on weekends', U, [r'burn line.{0,100}(weekend|saturday|sunday)', r'(weekend|saturday|sunday).{0,100}burn line']))
conv(C,
     ('whats the base charge for water for a regular house', ['$24.50']),
     ('and how much per thousand gallons', ['$3.10', '$4.25', '$5.80']),
     ('what about a meter just for the sprinklers', U, [r'irrigation (only )?meter', r'sprinkler meter', r'separate meter']),
     ('so what does a normal bill come out to', ['about $110 per month']),
     ('how much are the new rates for next year', U, [r'2027.{0,80}\$\d', r'rates? for 2027 (is|are|will)']))
conv(C,
     ('hi can i pay my water bill with a credit card', ['credit or debit card', '2.75%']),
     ('can i pay it at the grocery store', U, [r'grocery', r'pay ?stations?', r'retail (location|payment)']),
     ('what about paying by check online', ['electronic checks have no fee']),
     ('can i use apple pay', U, [r'apple', r'google pay', r'venmo', r'paypal', r'mobile wallet']),
     ('and where is the drop box', ['next to the flagpole', 'City Hall parking lot']))
conv(C,
     ('how do i set up automatic payments for the utility bill', ['AutoPay', 'Utility Customer Portal', 'voided check']),
     ('can i turn autopay off online whenever i want', U, [r'(cancel|stop|end) autopay', r'autopay.{0,60}(cancel|stop|end)']),
     ('when does the money come out', ['on the due date each month']),
     ('how long before it kicks in', ['one to two billing cycles']),
     ('can it go on my credit card instead', ['AutoPay from a credit card is not available']))
conv(C,
     ('im behind on my water bill when would they actually shut it off', ['48 hours before disconnection', 'door hanger']),
     ('do they tell you what time theyre coming to shut it off', U, [r'time of (day|disconnection)', r'disconnections? (are|is) (made|performed) (between|after|before)']),
     ('and to get it turned back on', ['$50 during business hours']),
     ('can they shut it off on a friday', ['not performed on Fridays']),
     ('how long can it stay off before they pull the meter', U, [r'(remove|pull)s? the meter', r'meter (is|will be) removed']))
conv(C,
     ('im renting a house in marlo falls how do i get the water put in my name', ['Start Service form']),
     ('is there a deposit', ['$150']),
     ('do i get that back', ['after 12 consecutive months of on-time payments']),
     ('can my landlord pay the deposit for me', U, [r'landlord.{0,60}deposit', r'deposit.{0,60}landlord']),
     ('can i fill out the form online', U, [r'start service form.{0,60}online', r'online.{0,60}start service']))
conv(C,
     ('my water bill doubled this month what would cause that', ['running toilet', 'leak']),
     ('how do i check', ['triangle dial']),
     ('can i get some of the money back', ['leak adjustment', 'up to 50%']),
     ('how soon do i have to ask', ['within 60 days of the bill']),
     ('do you guys send someone out to find the leak', U, [r'leak (check|detection|inspection|test)',
                                                           r'send (a|an) (technician|crew|staff member)', r'send someone']))
conv(C,
     ('whats the number to call about a loud party next door its not an emergency', ['555-0111']),
     ('how long does it usually take for an officer to show up', U, [r'response time', r'respond within', r'arrive within']),
     ('ok and can i report somebody breaking into my car online', ['eligible for online reporting', 'online reporting system']),
     ('how long before someone looks at it', ['within 3 business days']),
     ('out of curiosity how much does an officer make', U, [r'salar', r'pay range', r'wage', r'officers? (earn|make|are paid)']))
conv(C,
     ('hi i want to volunteer with the police what do i need', ['at least 18 years of age', 'background investigation']),
     ('how many hours would i have to do', ['16 hours per month']),
     ('i have an old dui from like ten years ago will that keep me out', ['does not automatically disqualify']),
     ('whos in charge of the volunteers', U, [r'volunteer coordinator', r'coordinator (is|,)', r'sergeant', r'led by (officer|sergeant)']),
     ('is there an age limit like can a seventy five year old do it', U, [r'maximum age', r'upper age', r'no age limit', r'age limit']))
conv(C,
     ('theres like a class where regular people learn about the police how long is it', ['10-week']),
     ('what night is it', ['Tuesday evenings']),
     ('does it cost anything', ['free 10-week course']),
     ('do i get to do a ride along with an officer', U, [r'ride.?along']),
     ('whats the date the next one starts', U, [r'academy.{0,120}(january|february|march|april|august|september|october) \d',
                                                r'next (academy|class|session) (begins|starts)']))
conv(C,
     ('how do i get a copy of a police report', ['Public Records Portal', 'in writing']),
     ('can i just call and ask for it', ['cannot accept requests over the phone']),
     ('how much is it', ['$15.00']),
     ('can they email it to me', U, [r'reports?.{0,40}e-?mail(ed)?', r'e-?mail(ed)?.{0,40}reports?']),
     ('and the body camera video', ['$40.00 per hour of staff time', 'up to 30 business days']))
conv(C,
     ('how much to rent the big picnic shelter at riverside park', ['$120']),
     ('im not a resident though', ['$180']),
     ('is there electricity at that shelter', U, [r'shelter.{0,80}electric', r'electric.{0,80}shelter']),
     ('can we have beer there', ['Alcohol Permit ($40)', 'Beer and wine']),
     ('how far ahead do i need that', ['at least 21 days before the event']))
conv(C,
     ('hi i want to book the ballroom at the community center for a wedding reception', ['$95']),
     ('is there a kitchen we can use', ['Community Center Kitchen (with Ballroom only)', '$50']),
     ('how late can we stay on a saturday', ['until 11:00 p.m. on Fridays and Saturdays']),
     ('can we bring our own caterer', U, [r'cater']),
     ('is there wifi in there', U, [r'wi-?fi.{0,80}(ballroom|community center)', r'(ballroom|community center).{0,80}wi-?fi']))
conv(C,
     ('if it rains on the day of my picnic do i get my money back', ['not refunded because of weather']),
     ('what if i cancel a couple weeks ahead', ['full refund less a $15 processing fee']),
     ('can we bring our own grill', U, [r'(shelter|park)s?.{0,80}grills?', r'grills?.{0,80}(shelter|park)']),
     ('and can we play music', ['free sound permit', 'until 8:00 p.m.']),
     ('how many picnic tables are at the cedar hollow one', U, [r'\d+ picnic tables', r'picnic tables.{0,40}cedar']))
conv(C,
     ('my daughter is seven what summer camp would she go to', ['Camp Riverside']),
     ('how much is it a week', ['$185']),
     ('when does sign up open', ['February 8, 2027']),
     ('what if i need to drop her off at seven thirty', ['Before care', '$40 per week']),
     ('how many kids are there per counselor', U, [r'\bratio\b', r'campers (per|to|for every) (counselor|staff)', r'\b1 ?(to|:) ?\d+ (campers|kids|children)']))
conv(C,
     ('what time does the pool open for lap swim', ['6:00 a.m. - 8:30 a.m.']),
     ('and on weekends', ['8:00 a.m. - 10:00 a.m.']),
     ('how much is it for an adult', ['$4.00 for all ages', '$6.00']),
     ('is the water heated', U, [r'\bheated\b', r'pool heat', r'water temperature']),
     ('is the pool open in september', ['weekends and Labor Day only']))
conv(C,
     ('do you guys have swim lessons for kids', ['eight 30-minute classes']),
     ('how much', ['$60 for residents']),
     ('what about private lessons', ['$30 per half hour']),
     ('who teaches them', U, [r'instructor', r'taught by']),
     ('are there lockers', U, [r'locker']))
conv(C,
     ('do i need a permit to build a deck', ['more than 30 inches above grade', 'attached to the house']),
     ('its not attached and its only like a foot off the ground', ['30 inches or less above grade']),
     ('and a fence in the front yard', ['4 feet in front yards', '7 feet tall or less']),
     ('can i do the work myself', ['owner-occupied single-family home']),
     ('how much would a permit for an in ground pool cost', U, [r'pool.{0,60}\$', r'swimming pool']))
conv(C,
     ('how much is a permit to replace a water heater', ['$85']),
     ('is there any tax or anything on top of that', ['state surcharge of 12%']),
     ('what about for a hot tub', U, [r'hot tub', r'\bspa\b']),
     ('how long does it take to get one', ['over the counter or within two business days']),
     ('what would a kitchen remodel permit run me', U, [r'remodel.{0,40}\$', r'kitchen (remodel|renovation)']))
conv(C,
     ('how do i schedule an inspection', ['555-0172', 'ePermits']),
     ('if i call today when will they come', ['next business day', 'Requests received by 3:00 p.m.']),
     ('do i have to be home', ['An adult 18 or older must be present']),
     ('what if it fails', ['correction notice', '$95']),
     ('how long is the inspection itself', U, [r'inspections? (usually |typically )?(take|last)', r'inspection.{0,40}minutes long']))
conv(C,
     ('how do i get copies of emails from the city', ['Public Records Center', 'public records']),
     ('how long does that take', ['within 5 business days', 'within 10 business days']),
     ('how much are copies', ['$0.25 per page']),
     ('what if its a lot of stuff', ['written estimate']),
     ('whats the hourly rate for the staff time', U, [r'staff time.{0,40}\$', r'research.{0,40}\$\d']))
conv(C,
     ('when does the city council meet', ['first and third Tuesday', '7:00 p.m.']),
     ('can i talk at the meeting', ['Public Comment', 'blue speaker card']),
     ('who is the mayor right now', U, [r'mayor is', r'mayor [a-z]+ [a-z]+ (was|has|is)']),
     ('whats on the agenda for the next one', U, [r'agenda (items|includes|for december)', r'(items|topics) (on|for) the agenda']),
     ('is there a meeting on the 22nd', ['Work Session (cancelled)']))
conv(C,
     ('i got a speeding ticket in marlo falls how do i pay it', ['ePay', 'no contest']),
     ('is there a fee to pay online', ['$3.50 service fee']),
     ('and what if i miss the date', ['$50 failure-to-appear fee', 'suspend your driving privileges']),
     ('how much is the ticket going to be for ten over', U, [r'speeding.{0,60}\$', r'miles per hour over', r'mph']),
     ('can i do traffic school instead', ['traffic safety class', 'once in any 3-year period']))
conv(C,
     ('what day are the traffic court hearings', ['Mondays at 1:30 p.m.']),
     ('can i move my date', ['reschedule your first appearance once']),
     ('how much notice do i need to give', ['at least 2 business days']),
     ('i need a spanish interpreter', ['free interpreter', '5 business days']),
     ('whats the judges name', U, [r'honorable', r'presiding judge', r'judge [a-z]+ [a-z]+ (presides|hears)']))
conv(C,
     ('what time does the library close tonight its thursday', ['10:00 a.m. - 8:00 p.m.']),
     ('how do i get a card', ['photo ID and proof of your current address']),
     ('i live just outside of town', ['$75 per year', '$20 for three months']),
     ('are there late fees', ['does not charge overdue fines']),
     ('does the library have a 3d printer', U, [r'3-?d print', r'maker ?space']))
conv(C,
     ('can i reserve a room at the library for my book club', ['Community Room', 'Free for nonprofit and community groups']),
     ('how far ahead can i book', ['up to 3 months in advance']),
     ('can we stay after the library closes', ['library hours only']),
     ('is there a projector we can use', U, [r'projector', r'\bscreen\b', r'audio.?visual', r'\bav\b']),
     ('can we bring snacks into the room', U, [r'food.{0,60}(community room|study room)', r'refreshments', r'snacks?.{0,40}room']))
conv(C,
     ('do i have to license my dog', ['6 months of age or older', 'within 30 days']),
     ('how much is it', ['$20', '$45']),
     ('shes fixed and im seventy', ['$10']),
     ('whats the fine if i just dont get one', U, [r'fine.{0,40}(unlicensed|licen)', r'(unlicensed|without a license).{0,60}\$']),
     ('how much does it cost to adopt from the shelter', U, [r'adoption fee', r'adopt.{0,60}\$']))
conv(C,
     ('my neighbors dog barks all day is there anything i can do', ['written complaint form', '10 minutes or more']),
     ('do i need other neighbors to sign', ['two separate households']),
     ('ok different thing can i keep chickens', ['up to six', 'roosters are not allowed']),
     ('and ducks', U, [r'duck', r'goat', r'poultry']),
     ('how many dogs can i have', ['up to four dogs']),
     ('what about bees', U, [r'\bbees?\b', r'beehive', r'\bhives?\b']))
conv(C,
     ('how do i apply for a job with the city', ['online application', 'online job board']),
     ('can i drop off a paper one', ['Paper applications are accepted']),
     ('what are the benefits like', ['Medical, dental and vision insurance', '95%']),
     ('how much vacation do you get', ['10 days per year']),
     ('what does a lifeguard make', U, [r'salar', r'wage', r'pay range', r'lifeguards? (earn|make|are paid)']))
conv(C,
     ('how many paid holidays do city employees get', ['11 paid holidays']),
     ('is there a retirement plan', ['PERS', '6% contribution']),
     ('whats the starting pay for a police officer', U, [r'salar', r'starting pay', r'wage', r'officers? (earn|make|are paid)']),
     ('do part timers get benefits', ['30 or more hours per week']),
     ('when is the next police hiring test', U, [r'(written|entry|police) (test|exam).{0,60}(january|february|march|april|may|june|july|august|september|october|november|december)']))
conv(C,
     ('theres water gushing out of the street in front of my house and its ten at night who do i call', ['555-0135']),
     ('is there actually somebody there all night', ['on call 24 hours a day']),
     ('ok and for a pothole', ['MarlowFix', '555-0145']),
     ('how fast do they usually fix potholes', U, [r'pothole.{0,80}(repaired|fixed|filled) within', r'within \d+ (hours|days).{0,40}pothole']),
     ('do they fix streetlights on private roads too', U, [r'private (road|street|drive)']))
conv(C,
     ('when does city hall go back to normal hours after christmas', ['Monday, January 4, 2027']),
     ('and is it open on thanksgiving', U, [r'thanksgiving.{0,80}city hall', r'city hall.{0,80}thanksgiving',
                                            r'city holidays? (are|include)']),
     ('can i still pay my water bill while youre closed', ['online or by phone']),
     ('and if i put it in the drop box on christmas eve', ['emptied on the next business day']),
     ('are the police still working over the holidays', ['24 hours a day']))
conv(C,
     ('does the fire department put in smoke detectors for free', ['free smoke alarms', '62 or older']),
     ('im 58 but im on disability', ['who have a disability']),
     ('can my kids cub scout pack tour the fire station', ['Station tours', 'at least two weeks in advance']),
     ('how long does the tour take', U, [r'tours?.{0,60}(minutes|hour)', r'tours? (last|take)']),
     ('do they get to sit in the fire truck', U, [r'sit in', r'ride in', r'climb']))

# ---------------------------------------------------------------- Tillman County
conv(T,
     ('how much can i sue somebody for in small claims', ['$12,500']),
     ('its for my business though', ['$6,250']),
     ('how much is it to file for like three thousand', ['$50']),
     ('can i bring my lawyer', ['Lawyers are generally not allowed']),
     ('is the person who hears it a real judge or a volunteer', U, [r'temporary judge', r'commissioner', r'pro tem',
                                                                    r'volunteer (attorney|lawyer|judge)']))
conv(T,
     ('how do i get the papers to the other person for small claims', ['certified mail', '$15 per defendant']),
     ('and how much does the sheriff charge', ['$40']),
     ('how long does the sheriff usually take to serve them', U, [r'sheriff.{0,80}(days|weeks)', r'serve.{0,40}within \d']),
     ('how many days before the hearing does it have to be done', ['at least 15 days', '20 days']),
     ('if i win does the court get the money for me', ['the court does not collect it for you']),
     ('can i sue someone who lives out of state', U, [r'out of state', r'another state', r'out-of-state']))
conv(T,
     ('i just got served papers saying a credit card company is suing me what do i do', ['30 calendar days',
                                                                                          'file a written response']),
     ('can i just call them and work it out', ['is not a response']),
     ('how much does it cost to file an answer its for about four thousand', ['$225']),
     ('will this mess up my credit score', U, [r'credit (score|report|rating)']),
     ('what happens if i just ignore it', ['default judgment', 'garnish your wages']))
conv(T,
     ('um what is a dee murrer', ['legally insufficient', 'does not state a valid legal claim']),
     ('does that cost extra', ['$60 motion fee']),
     ('what does it mean if the judge sustains it', ['leave to amend', 'a chance to fix the complaint']),
     ('how long does the judge take to decide one', U, [r'demurrer.{0,120}(days|weeks)', r'(rule|decide)s? within']),
     ('how often do they get granted', U, [r'demurrers? (are|is) (usually|often|rarely|commonly)', r'most demurrers']))
conv(T,
     ('what does default judgment mean', ['did not respond to the lawsuit']),
     ('can i get one undone', ['set aside', 'within 6 months']),
     ('how long does the judge take to rule on that', U, [r'set (it )?aside.{0,120}(days|weeks)', r'motion to set aside']),
     ('can they take money out of my paycheck', ['garnish your wages', 'Garnishment']),
     ('how much of my paycheck can they take', U, [r'garnish.{0,100}(%|percent)', r'\b25 ?(%|percent)']))
conv(T,
     ('i cant afford the court fees is there any help', ['fee waiver', 'FW-001']),
     ('i get calfresh do i qualify', ['CalFresh']),
     ('whats the income cutoff in dollars for a family of four', U, [r'family of (four|4)', r'\$[\d,]+ (per|a) (year|month)',
                                                                    r'household of (four|4)']),
     ('how long does it take them to decide', ['within 5 court days']),
     ('what if they dont answer by then', ['automatically granted']))
conv(T,
     ('where is the self help center at the courthouse', ['Room 112']),
     ('are you guys open fridays', ['Monday - Thursday', '555-0155']),
     ('can they tell me if i should settle', ['cannot give legal advice']),
     ('what should i bring', ['photo ID', 'all papers you have received']),
     ('what are the names of the attorneys who work there', U, [r'\besq', r'attorney [a-z]+ [a-z]+,', r'staff attorneys? (is|are)']))
conv(T,
     ('are there any classes for people getting evicted', ['Eviction Defense (tenants)', 'Mondays, 1:30 p.m.']),
     ('are the classes in spanish too', U, [r'spanish', r'bilingual']),
     ('can i get an actual lawyer for free', ['Sierra Valley Legal Aid', '555-0158']),
     ('what are the income limits for that', U, [r'legal aid.{0,160}(\d+ ?%|\$\d)', r'low-income.{0,40}(%|\$)']),
     ('how long do tenants have to respond to an eviction', ['10 court days']))
conv(T,
     ('i got a speeding ticket from chp how do i pay it', ['555-0154', 'Pay online']),
     ('can i do traffic school', ['once in any 18-month period', '$52']),
     ('which traffic school is the cheapest', U, [r'cheapest', r'least expensive', r'traffic school.{0,40}\$\d']),
     ('how much is the ticket itself usually', U, [r'speeding.{0,60}\$', r'bail (amount )?(is|of) \$', r'\$\d+ (for|per) (mph|mile)']),
     ('can i fight it without going in', ['trial by written declaration']))
conv(T,
     ('i got a fix it ticket for a broken taillight what do i do', ['signed off by a law enforcement officer']),
     ('how long do i have to get it fixed', U, [r'correct(ed|ion).{0,80}within', r'fix.it.{0,80}days', r'within \d+ days.{0,60}correct']),
     ('what if i miss the deadline', ['civil assessment of up to $100']),
     ('what time does the traffic window close', ['3:00 p.m.']),
     ('is it open the day after thanksgiving', ['November 26 and 27, 2026']),
     ('i also got a ticket in marlow falls can you take care of that one too', ['Marlow Falls is not in Tillman County']))
conv(T,
     ('i got a jury summons and i have a trip that week can i move it', ['postpone your jury service once', 'within 6 months']),
     ('how long does it take to find out if its approved', U, [r'postpone.{0,100}(confirm|approv).{0,40}(days|hours)',
                                                                r'(confirmation|approval) (within|in) \d']),
     ('do jurors get paid', ['$15 per day', 'No pay']),
     ('and mileage', ['$0.34 per mile']),
     ('my boss says he wont pay me while im there is that allowed', ['not required to pay employees']))
conv(T,
     ('where do i park for jury duty', ['Jury Lot (Lot C)']),
     ('is it free', ['Free for jurors with a parking permit']),
     ('how early should i get there', ['fills by about 8:15 a.m. on Mondays', 'by 8:00 a.m.']),
     ('can i bring my pocket knife', ['pocket knives', 'no place to store them']),
     ('is there somewhere to charge my laptop in the jury room', U, [r'outlet', r'charging', r'power (strip|cord)']))
conv(T,
     ('im seventy two do i still have to do jury duty', ['may request to be excused', 'Persons 70 years of age or older']),
     ('how long does it last', ['one-day or one-trial']),
     ('how do i know if i have to go in', ['After 5:00 p.m.', '555-0156']),
     ('how long do trials usually go', U, [r'trials? (usually|typically|generally) (last|take)', r'average trial']),
     ('is there food there', ['snack bar on the first floor']))
conv(T,
     ('what time does the courthouse open', ['7:30 a.m. to 5:00 p.m.']),
     ('can i bring my dog into the courthouse', U, [r'courthouse.{0,80}(dogs?|animals?|pets?)\b', r'(dogs?|pets?) (are|is) not allowed in the court']),
     ('is the court open on veterans day', ['Veterans Day, Wednesday, November 11, 2026']),
     ('is there an atm in the building', U, [r'\batm\b', r'cash machine']),
     ('when do they empty the drop box', ['emptied at 4:00 p.m. each court day']))
conv(T,
     ('how much is parking at the courthouse garage', ['$2 per hour', '$12 daily maximum']),
     ('do they take cards at the garage', U, [r'garage.{0,100}(card|cash|pay station)', r'(card|cash).{0,60}garage']),
     ('is there a bus instead', ['routes 2 and 7']),
     ('is the bus free', ['Jurors may ride free']),
     ('how long does the security line take', ['15 to 30 minutes']),
     ('is there a bike rack', U, [r'bike rack', r'bicycle (rack|parking)']))
conv(T,
     ('how do i get to the park with the big trees from harlow', ['34 miles east of Harlow', 'State Route 190']),
     ('how much does it cost to get in', ['$10 per vehicle']),
     ('we have the county annual pass does that work', ['The County Parks Annual Pass is honored']),
     ('is there a shuttle up there', U, [r'shuttle.{0,100}(grove|ravenna|sequoia)']),
     ('is there anywhere to get gas in the park', ['no gas stations', 'Pine Ridge, 12 miles west']))
conv(T,
     ('whats a good easy walk to see the giant trees', ['Big Trees Loop']),
     ('can my grandma do it in a wheelchair', ['wheelchair accessible']),
     ('can we bring the dog on it', ['not allowed inside the sequoia grove']),
     ('which trails can the dog go on then', ['Ravenna Falls, Granite Dome and Meadow Creek Trails']),
     ('is the waterfall trail crowded on weekends', U, [r'crowd', r'busy', r'congest']))
conv(T,
     ('how hard is the hike up to granite dome', ['Strenuous', '2,100 feet']),
     ('can i drive to the trailhead right now', ['cannot be reached by car']),
     ('how much farther is it if i walk from the gate', ['Adds 12 miles round trip']),
     ('how many hours does that hike usually take', U, [r'dome.{0,150}hours', r'\d+ (to \d+ )?hours']),
     ('is there a bathroom at the dome trailhead', U, [r'(dome|upper grove).{0,80}(restroom|toilet)', r'(restroom|toilet).{0,80}dome']))
conv(T,
     ('how far ahead can i reserve a campsite at the sequoia park', ['up to 6 months in advance']),
     ('how much is a tent site', ['$35', '$25']),
     ('is there a fee to make the reservation', ['$8']),
     ('can i pick a specific site number', U, [r'site number', r'specific site', r'choose (your|a) site']),
     ('are there showers', U, [r'shower']))
conv(T,
     ('whats checkout time at the campground', ['12:00 p.m. (noon)']),
     ('can we check in late at night', U, [r'late (arrival|check-?in)', r'arriv(e|ing|al) after (dark|\d)', r'after-hours check']),
     ('how many nights can we stay', ['14 nights in any 30-day period']),
     ('can we run our generator', ['between 8:00 a.m. and 8:00 p.m.']),
     ('can i buy firewood at the campground', U, [r'firewood.{0,60}(sold|for sale|available|purchase[sd]? (at|from) the)',
                                                  r'(sells?|buy) firewood']))
conv(T,
     ('can we camp at the sequoia park in december', ['Sequoia Flat Campground is open year-round']),
     ('do i need a reservation in the winter', ['first come, first served']),
     ('do we need chains to get there', ['Chains are currently required']),
     ('can i buy chains up there if i need them', ['Chains are not sold in the park']),
     ('how much snow do they usually get up there', U, [r'inches of snow', r'snowfall', r'feet of snow']))
conv(T,
     ('are dogs allowed at the campground', ['Dogs are allowed in campgrounds']),
     ('how long can the leash be', ['no longer than 6 feet']),
     ('is there an off leash area anywhere in the park', U, [r'off.leash', r'dog park']),
     ('can i bring firewood from home were in la', ['more than 50 miles away']),
     ('what about sparklers for the kids', ['prohibited in all county parks at all times']))
conv(T,
     ('what does stage two fire restrictions mean', ['No wood or charcoal fires anywhere']),
     ('can i still use my camp stove', ['with a shut-off valve only']),
     ('which stage is it right now', U, [r'currently (in )?stage', r'stage \d (is|are) (now |currently )?in effect']),
     ('can i smoke at my campsite in stage one', ['except in vehicles or campsites']),
     ('whats the fine for having an illegal campfire', U, [r'fine.{0,60}(fire|campfire)', r'(fire|campfire).{0,60}fine']))
conv(T,
     ('whats the visitor center hours in the winter', ['Friday through Sunday, 10:00 a.m. to 4:00 p.m.']),
     ('is it open on christmas', ['closed on Thanksgiving Day and Christmas Day']),
     ('and new years day', U, [r'visitor center.{0,300}new year', r'new year.{0,300}visitor center']),
     ('do they have junior ranger stuff for kids', ['Junior Ranger booklets are free']),
     ('does the bookstore sell maps', U, [r'maps? (for sale|are sold|sold)', r'bookstore (sells|offers|carries)', r'sells? maps']))
conv(T,
     ('is the road to the top of the sequoia park open', ['Upper Grove Road is closed for the season']),
     ('when does it open again', ['usually in mid-May']),
     ('can i walk up the road', ['walking on the closed road are allowed']),
     ('are they plowing the lower road', U, [r'plow', r'snow removal']),
     ('is there a number to check road conditions', ['555-0175']))
conv(T,
     ('how much is the annual pass for the county parks', ['$75']),
     ('does it cover camping', ['does not cover camping']),
     ('can i fly my drone at the lake park', ['Drones are not permitted', 'film permit']),
     ('how much is a film permit', U, [r'film permit.{0,80}\$', r'\$.{0,40}film']),
     ('can i rent a kayak at harlow lake', U, [r'kayak', r'boat rental', r'rent(al)? (a )?boat', r'canoe']))


def main():
    businesses, pages = [], {}
    for bid, name in BUSINESSES:
        docs = []
        for root, _, files in os.walk(os.path.join(HERE, bid)):
            docs += [os.path.relpath(os.path.join(root, f), HERE) for f in files if f.endswith('.html')]
        docs.sort()
        texts = []
        for d in docs:
            raw = open(os.path.join(HERE, d), encoding='utf-8').read()
            texts.append((d, norm(visible(raw, ' ')), norm(visible(raw, ''))))
        pages[bid] = texts
        businesses.append({'id': bid, 'companyName': name, 'documents': docs})
    errors, conversations = [], []
    for n, (bid, turns) in enumerate(CONVERSATIONS, 1):
        cid = f'c{n:03d}'
        out = []
        for i, turn in enumerate(turns):
            caller = turn[0]
            where = f'{cid} turn {i + 1}'
            if caller != caller.lower() or re.search(r"[^a-z0-9 ]", caller) or '  ' in caller:
                errors.append(f'{where}: caller line must be lower case with no punctuation: {caller!r}')
            if turn[1] is U:
                for probe in turn[2]:
                    for d, spaced, joined in pages[bid]:
                        m = re.search(probe, spaced)
                        if m:
                            errors.append(f'{where}: probe {probe!r} matches {d}: ...{spaced[max(0, m.start() - 60):m.end() + 60]}...')
                out.append({'caller': caller, 'answerable': False, 'answers': [], 'followup': i > 0})
            else:
                answers = turn[1]
                if not 1 <= len(answers) <= 3:
                    errors.append(f'{where}: needs 1 to 3 answers')
                for a in answers:
                    if len(a.split()) > 8:
                        errors.append(f'{where}: answer {a!r} longer than 8 words')
                    if not any(norm(a) in spaced and norm(a) in joined for _, spaced, joined in pages[bid]):
                        errors.append(f'{where}: answer {a!r} not found verbatim in {bid} pages')
                out.append({'caller': caller, 'answerable': True, 'answers': answers, 'followup': i > 0})
        conversations.append({'id': cid, 'business': bid, 'turns': out})
    if errors:
        for e in errors:
            print('ERROR', e, file=sys.stderr)
        sys.exit(f'{len(errors)} error(s); conversations.json not written')
    with open(os.path.join(HERE, 'conversations.json'), 'w', encoding='utf-8') as f:
        json.dump({'businesses': businesses, 'conversations': conversations}, f, indent=2, ensure_ascii=False)
        f.write('\n')
    turns = [t for c in conversations for t in c['turns']]
    print(f'{len(conversations)} conversations, {len(turns)} turns, '
          f'{sum(not t["answerable"] for t in turns)} unanswerable, {sum(t["followup"] for t in turns)} follow-ups')


if __name__ == '__main__':
    main()
