#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Two invented public bodies, each a folder of whole saved HTML pages (header, navigation, language picker,
breadcrumbs, sidebar, cookie banner and footer left in): harrow-unified/ (a school district) and
valley-metro-transit/ (a regional bus and light rail agency). Documents are listed with os.walk, sorted, as paths
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
BUSINESSES = [('harrow-unified', 'Harrow Unified School District'), ('valley-metro-transit', 'Valley Metro Transit')]
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


H, V = 'harrow-unified', 'valley-metro-transit'

# ---------------------------------------------------------------- Harrow Unified School District
conv(H,
     ('hi um what do i need to bring to sign my kid up for school', ['birth certificate', 'two proofs of residency', 'immunization record']),
     ('does a hospital birth record work', ['hospital birth record is not accepted']),
     ('is there a fee to register', U, [r'registration fee.{0,80}(enroll|school)', r'(no|free of) charge to (register|enroll)', r'enrollment fee']),
     ('ok and how long does it take after i send everything', ['within three business days']),
     ('is there parking at the enrollment center', U, [r'parking']))
conv(H,
     ('ok so what counts as proof that we live in harrow you unified', ['Gas, electric or water bill', 'lease or rental agreement', 'Mortgage statement']),
     ('can i use my phone bill', ['Cell phone, cable or internet bills']),
     ('we live with my sister so nothing is in my name what do we do', ['Shared Housing Residency Affidavit']),
     ('does that have to be notarized', ['must be notarized']),
     ('how long does it take for the affidavit to get approved', U, [r'affidavit.{0,80}(\d+ days|weeks|approv)']),
     ('how much does the notary cost', U, [r'notar\w*.{0,60}(\$|fee|cost)', r'(\$|fee|cost).{0,60}notar']))
conv(H,
     ('my daughter turns five in october can she start kindergarten next fall', ['does not offer early entrance', 'on or before September 1']),
     ('ok so what can she do instead', ['TK', 'transitional kindergarten']),
     ('what school supplies does she need', U, [r'supply list', r'school supplies']),
     ('will her teacher speak spanish', U, [r'bilingual', r'dual.?(language|immersion)', r'spanish[- ]speaking']),
     ('is there some kind of info night for parents', ['February 4, 2027']),
     ('can i bring the kids or is there babysitting', ['Child care is not available']))
conv(H,
     ('when can i register my son for kindergarten for next year', ['January 11, 2027']),
     ('does he need a checkup from the doctor first', ['health examination', 'within 18 months']),
     ('what about the dentist', ['oral health assessment', 'May 31']),
     ('is there a free dentist you guys recommend', U, [r'free dental', r'dental clinic', r'dentist.{0,40}(list|referral|recommend)']),
     ('do they test the kids before kindergarten starts', U, [r'screening', r'readiness', r'kindergarten assessment']),
     ('and if i register in april will he still get into our school', ['assigned as space allows']))
conv(H,
     ('hi how do i get my kid into a different school in the district', ['intra-district transfer', 'January 4 through January 29, 2027']),
     ('ok when can i apply', ['January 4 through January 29, 2027']),
     ('and if i miss it', ['families who are new to the district', 'documented hardship']),
     ('will the bus take her to the new school', ['Transportation is not provided']),
     ('can i put down two different schools', U, [r'(more than one|two|second) (school|choice)s?\b(?! days)', r'second choice']),
     ('how many people usually get approved', U, [r'approv\w* rate', r'percent of (requests|transfers|applications)', r'most (requests|transfers) are']))
conv(H,
     ('we live in the next town over can my son go to school in harrow', ['inter-district permit', 'release']),
     ('when do you take those for next year', ['February 1 through April 30, 2027']),
     ('do you charge tuition for kids from out of district', U, [r'tuition']),
     ('hes a really good basketball player does that help', ['athletic reasons are not approved']),
     ('and if they say no', ['County Board of Education', 'within 30 calendar days']),
     ('whats the name of the student services director', U, [r'director of student services,? (is )?(dr|mr|ms|mrs)\b', r'(dr|mr|ms|mrs)\.? \w+,? director of student']))
conv(H,
     ('how far do we have to live from school to get the school bus', ['one mile or more', 'two miles or more', 'three miles or more']),
     ('my kid is in seventh grade', ['two miles or more']),
     ('does the bus have air conditioning', U, [r'air.?condition', r'\ba/c\b']),
     ('ok and does the bus pass cost anything', ['free for students who meet the distance', 'Bus passes are free']),
     ('we live like a mile and a half away can he still ride', ['space-available', '$450 per school year']),
     ('do we get money back if we move in the middle of the year', U, [r'refund.{0,80}mov(e|ing)', r'mov(e|ing).{0,80}refund']))
conv(H,
     ('how do i find out where my kids bus stop is', ['Find My Bus Stop']),
     ('can i get a text when the bus is running late', U, [r'text.{0,60}(bus|route).{0,30}late', r'late.{0,60}text', r'bus (delay )?(alerts|notifications)']),
     ('is there an app where i can see the bus live', ['does not currently offer live GPS bus tracking']),
     ('whats the name of the bus driver on our route', U, [r'driver.{0,20}(name|is (mr|ms|mrs))', r'(mr|ms|mrs)\.? \w+.{0,20}(drives|driver)']),
     ('and my son stays late for robotics is there a bus after', ['late activity bus', '4:45 p.m.']),
     ('what about on fridays', ['no late bus on Fridays']))
conv(H,
     ('my kindergartner rides the bus do i have to be at the stop', ['must be met at the stop']),
     ('can she bring her scooter on the bus', ['are not allowed on the bus']),
     ('what about her violin', ['Musical instruments must fit on the']),
     ('do the buses have seat belts', U, [r'seat ?belt', r'lap belt', r'restraint']),
     ('what time does the bus come in the morning for orchard elementary', U, [r'orchard elementary.{0,60}\d:\d\d a\.m\.', r'pick-?up time.{0,40}\d:\d\d']))
conv(H,
     ('how much is lunch at the high school', ['$3.75']),
     ('what about breakfast', ['$2.00']),
     ('is the food cooked fresh at each school', U, [r'(made|cooked|prepared) (fresh|from scratch|on site)', r'central kitchen']),
     ('can i come eat lunch with my kid how much is that', ['lunch $5.25']),
     ('are there vegetarian options every day', U, [r'vegetarian', r'vegan', r'meatless']))
conv(H,
     ('how do i apply for free lunch', ['ParentPortal', 'any school office']),
     ('do i need one for each kid', ['one application per household']),
     ('does child support count as income', U, [r'child support', r'alimony']),
     ('were a family of four whats the income limit', ['$60,125']),
     ('can i do the application over the phone', U, [r'appl\w*.{0,50}(by|over the) (phone|telephone)', r'(phone|telephone) application']),
     ('do we have to do it again next year', ['new application must be submitted each school year']))
conv(H,
     ('how do i put money on my sons lunch account', ['LunchLedger']),
     ('is there a fee for that', ['$1.95']),
     ('can i set it to reload by itself every month', U, [r'auto(matic)?[- ]?(reload|replenish|pay)', r'recurring']),
     ('how fast does the money show up', ['within one hour']),
     ('can i see what my kid has been buying', U, [r'purchase history', r'transaction history', r'(see|view) (what|purchases)']),
     ('and at the end of the year does the money carry over', ['carry over from year to year']))
conv(H,
     ('is there school on march 12', ['now a regular full school day', 'regular school day']),
     ('why did it change', ['windstorm', 'power outage']),
     ('will the teachers get a different work day instead', U, [r'(replacement|another|new|different) (teacher )?work day', r'work day.{0,60}(moved|rescheduled)']),
     ('so does the last day of school move', ['remains Thursday, June 3, 2027', 'June 3, 2027']),
     ('is kids club open that day', ['Kids Club will operate regular hours']),
     ('are there any other make up days planned', U, [r'(other|additional|second) make-?up', r'make-?up days']))
conv(H,
     ('when is winter break this year', ['December 21, 2026', 'January 1, 2027']),
     ('and when do they go back', ['Monday, January 4, 2027']),
     ('is the district office open during the break', ['closed from Thursday, December 24, 2026']),
     ('when is graduation for harrow high', U, [r'graduation (ceremon|date|is|will)', r'commencement']),
     ('whens the first day of school next year', U, [r'2027-28.{0,80}first day', r'first day.{0,60}2027', r'august \d+, 2027']))
conv(H,
     ('what time do the little kids get out on wednesdays', ['12:15 p.m.']),
     ('and the middle school', ['1:05 p.m.']),
     ('can the high school kids leave campus for lunch', U, [r'off-?campus', r'closed campus', r'open campus']),
     ('does kids club pick up on those days', ['including early release Wednesdays']),
     ('do they still get lunch on those short days', ['grab-and-go meal at dismissal']),
     ('when do report cards come out', U, [r'report cards? (are|will be|come)', r'progress report', r'grading period ends']))
conv(H,
     ('my kid is sick today how do i let the school know', ['attendance line', 'Report an Absence']),
     ('is there a deadline to call', ['by 9:00 a.m.']),
     ('what if i forget', ['within three school days', 'recorded as unexcused']),
     ('shes been sick all week do i need a doctors note', ['more than five consecutive school days']),
     ('is there a limit on how many sick days she can have', U, [r'limit.{0,40}(excused|sick|absences)', r'(maximum|no more than) \d+.{0,20}absences']),
     ('can her teacher send the homework home', U, [r'homework.{0,60}(absent|sick|home|request)', r'make-?up work', r'missed (work|assignments)']))
conv(H,
     ('were going to mexico for two weeks in march is that excused', ['not excused', 'family vacations']),
     ('is there anything we can do so it doesnt count against her', ['independent study']),
     ('how early do i have to ask', ['at least two weeks before']),
     ('can she do it online while were away', U, [r'online.{0,60}independent study', r'independent study.{0,120}online']),
     ('does she lose her spot at the school if were gone that long', U, [r'lose (her|his|their|the) (spot|seat|place)', r'dropped from', r'withdrawn.{0,40}absen']),
     ('and what about a funeral out of state', ['up to three days out of state']))
conv(H,
     ('i got a letter saying my son is truant what does that mean', ['three unexcused absences']),
     ('does being late count', ['tardies of more than 30 minutes']),
     ('what happens next', ['Second letter', 'School Attendance Review Team']),
     ('can we get fined for this', U, [r'\bfine[sd]?\b', r'penalt']),
     ('and if it keeps happening', ['School Attendance Review Board', 'District Attorney']),
     ('does this go on his permanent record', U, [r'permanent record', r'transcript.{0,60}(truan|absen)']))
conv(H,
     ('how do i get my son tested for a learning disability', ['in writing', 'special education assessment']),
     ('can i get a private evaluation that the district pays for', U, [r'independent educational evaluation', r'\biee\b', r'private (evaluation|assessment)']),
     ('how long do they have to answer', ['15 calendar days']),
     ('and after i sign how long until the meeting', ['60 calendar days']),
     ('does the testing cost anything', ['no cost to families']),
     ('who does the testing is it a psychologist', U, [r'psycholog\w*.{0,60}(assess|test)', r'(assess|test)\w*.{0,60}psycholog']))
conv(H,
     ('how often do they look at my daughters iep', ['at least once a year']),
     ('can i ask for a meeting sooner', ['within 30 days', 'at any time']),
     ('how long do those meetings usually take', U, [r'meeting\w* (usually |typically )?(take|last)', r'(hour|minutes) long']),
     ('is there a parent group for special ed', ['Community Advisory Committee', 'CAC']),
     ('when do they meet', ['third Thursday of each month']),
     ('are those meetings on zoom too', U, [r'(zoom|virtual|online).{0,80}(cac|advisory)', r'(cac|advisory).{0,250}(zoom|virtual)']))
conv(H,
     ('my son has adhd and the teacher said something about a five oh four what is that', ['accommodations']),
     ('does adhd automatically qualify', ['does not automatically qualify']),
     ('who do i talk to at his school', ['504 coordinator', 'assistant principal or a school counselor']),
     ('how long until they get back to me', ['within ten school days']),
     ('and how long until the plan is actually in place', U, [r'plan.{0,40}(in place|implemented)', r'within \d+ (school|calendar) days of (the )?(meeting|eligibility)']),
     ('does the five oh four plan carry over to college', U, [r'504.{0,100}college', r'college.{0,100}504']))
conv(H,
     ('what shots does my kid need for kindergarten', ['DTaP', 'MMR', 'Varicella']),
     ('does she need the hpv shot', U, [r'\bhpv\b', r'papilloma']),
     ('whats needed for seventh grade', ['Tdap']),
     ('can i just opt out because of my beliefs', ['Personal belief exemptions are no longer accepted']),
     ('is the flu shot required', ['recommended but are not required']),
     ('does she need a tb test too', U, [r'\btb\b.{0,60}student', r'tuberculosis.{0,60}student', r'student.{0,60}(tb|tuberculosis)']))
conv(H,
     ('my daughter needs her inhaler at school what do i do', ['Medication Authorization Form']),
     ('can she keep it in her backpack', ['asthma inhalers']),
     ('what about tylenol do i need the form for that too', ['over-the-counter medicines', 'acetaminophen']),
     ('can i just send the pills in a baggie', ['original pharmacy-labeled container']),
     ('does the school keep a spare inhaler just in case', U, [r'(spare|backup|extra|stock) inhaler', r'stock (medication|albuterol)', r'albuterol']),
     ('whats the nurses name at linwood', U, [r'nurse.{0,40}\b(mrs|ms|mr)\.? [a-z]', r'linwood elementary.{0,100}nurse']))
conv(H,
     ('when should i keep my kid home sick', ['fever of 100.0', 'vomiting or diarrhea']),
     ('when can he go back', ['fever-free for 24 hours']),
     ('does the school do flu shots on campus', U, [r'flu (shot|vaccine) clinic', r'on campus.{0,40}(flu|vaccin)', r'(flu|vaccin)\w*.{0,40}at school']),
     ('what about leftover medicine at the end of the year', ['by the last day of school']),
     ('do the schools keep narcan', U, [r'narcan', r'naloxone']))
conv(H,
     ('how much is after school care', ['$310 per month']),
     ('and if i need mornings too', ['$420 per month']),
     ('is there a discount if i work for the district', U, [r'employee discount', r'(staff|employee)s?.{0,40}discount']),
     ('do you give a receipt for my taxes', U, [r'tax (receipt|statement|form|id)', r'(kids club|child care).{0,80}receipt', r'dependent care']),
     ('do you take cash', ['Cash is not accepted']))
conv(H,
     ('what time does the kids club morning program open', ['6:30 a.m.']),
     ('is it open during winter break', ['closed on school holidays', 'during Winter Break']),
     ('what about spring break', ['Spring Break Camp', '$230 per week']),
     ('do you have a summer camp', U, [r'summer (camp|program|care|day camp)', r'summer.{0,40}kids club', r'kids club.{0,80}summer']),
     ('do they give them dinner if they stay till six', U, [r'dinner', r'supper', r'evening meal']))
conv(H,
     ('is kids club just for elementary', ['transitional kindergarten through grade 5']),
     ('how many staff per kid', ['one staff member for every 14 children']),
     ('are the staff cpr certified', U, [r'\bcpr\b', r'first aid certif', r'certified in']),
     ('how much notice do i need to give to quit', ['two weeks']),
     ('is there a waitlist at alder creek right now', U, [r'alder creek.{0,80}(wait|full)', r'(wait ?list|full).{0,80}alder creek']))
conv(H,
     ('my son wants to play football what does he need', ['physical', 'SportsReady']),
     ('when does the physical have to be done', ['on or after May 1']),
     ('what grades does he need', ['at least 2.0', 'no more than one F']),
     ('is there a fee to play', ['does not charge students a fee']),
     ('are there free physicals anywhere', U, [r'free (sports )?physical', r'physical.{0,40}(free|no cost|low-cost)']),
     ('how much is the insurance you guys sell', U, [r'insurance.{0,60}\$\d', r'\$\d.{0,60}insurance']))
conv(H,
     ('my daughter is in middle school does she need a physical for volleyball', ['physical exam is not required']),
     ('when are tryouts', U, [r'tryouts? (are|will be) (on|held)', r'tryout.{0,30}\d{1,2}:\d\d', r'tryouts? (begin|start)']),
     ('does the late bus run after practice', ['Monday through Thursday', '4:45 p.m.']),
     ('does she need a bus pass for that', ['a bus pass is not required']),
     ('how much are the team uniforms', U, [r'uniform.{0,60}\$', r'\$.{0,60}uniform']))
conv(H,
     ('when does the school board meet', ['second and fourth Tuesday', '6:30 p.m.']),
     ('what time do the meetings usually end', U, [r'(usually |typically )?(end|adjourn)s? (at|by|around) \d', r'adjourn']),
     ('how long do i get to talk', ['three minutes']),
     ('can i call in instead', ['Zoom or telephone is not offered']),
     ('can i show slides when i talk', U, [r'powerpoint', r'slides', r'presentation.{0,40}(public comment|speaker)']))
conv(H,
     ('is there a board meeting in december', ['December 8']),
     ('can i watch it from home', ['livestreamed', 'YouTube']),
     ('how much do board members get paid', U, [r'stipend', r'(trustee|board member)s?.{0,60}(paid|compensat|\$)']),
     ('which trustee area is oak flat in', U, [r'oak flat.{0,60}(trustee )?area \d', r'area \d.{0,60}oak flat']),
     ('do they have a spanish interpreter', ['Spanish interpretation is available', '48 hours']))
conv(H,
     ('what do i need to be a substitute teacher', ['30-Day Substitute Teaching Permit', 'CBEST', 'bachelor']),
     ('i dont have the permit yet can i still apply', ['not yet a permit may apply']),
     ('can i pick only half days', U, [r'half[- ]day assignments?', r'half days']),
     ('how much do subs make a day', U, [r'daily rate', r'substitut.{0,120}\$\d', r'\$\d+.{0,30}per day.{0,40}substitut']),
     ('when is the orientation', ['first Monday of each month']),
     ('do i have to work a certain amount', ['at least four assignments per month']))
conv(H,
     ('im interested in driving a school bus for harrow do i need a cdl already', ['No experience is necessary', 'paid training']),
     ('whats the hourly pay', U, [r'hourly', r'per hour', r'salary schedule', r'\$\d+(\.\d\d)? (an|per) hour']),
     ('how long is the training', U, [r'training.{0,40}(\d+|one|two|three|four|six|eight) (weeks|days|hours)', r'(weeks|days) of training']),
     ('do you get health insurance', ['medical, dental and vision']),
     ('can i just email you my resume', ['resumes sent by e-mail are not accepted']))
conv(H,
     ('i want to chaperone my sons field trip what do i need to do', ['volunteer application', 'Level 1']),
     ('oh wait its an overnight trip to science camp', ['Live Scan fingerprinting', 'Level 2']),
     ('how much does the fingerprinting cost', U, [r'rolling fee.{0,40}\$', r'\$\d+.{0,60}(live scan|fingerprint)']),
     ('where is the closest live scan place', U, [r'live scan locations? (at|near|is|are)', r'nearest live scan']),
     ('can i bring my toddler along', ['may not accompany volunteers']),
     ('do i have to do it all again next year', ['valid for three school years']))
conv(H,
     ('do the kids have to wear uniforms', ['do not require uniforms']),
     ('does the school give laptops to third graders', ['Chromebook at no cost', 'grades 3 through 12']),
     ('what if he breaks it', ['$40', 'no charge for the first accidental damage']),
     ('and how much if he loses it', U, [r'lost chromebook.{0,80}\$', r'replac\w*.{0,40}chromebook.{0,60}\$', r'chromebook.{0,40}(costs|replacement cost)']),
     ('can we get a hotspot for internet at home', U, [r'hot ?spot', r'internet access', r'wi-?fi']))
conv(H,
     ('i graduated from harrow high in 2010 how do i get my transcript', ['Records and Transcripts', 'District Office']),
     ('how much is it', ['first two official transcripts are free', '$5 each']),
     ('how long does it take', ['five business days']),
     ('can i pick it up the same day if i come in', U, [r'same day', r'while you wait']),
     ('can they send it straight to a college electronically', U, [r'electronic', r'parchment', r'e-?transcript']),
     ('whats the phone number', ['555-0187']))

# ---------------------------------------------------------------- Valley Metro Transit
conv(V,
     ('how much is it to ride the bus', ['$2.25']),
     ('and for my twelve year old', ['$1.10']),
     ('are fares going up next year', U, [r'fare (increase|change|going up)', r'(2027|next year).{0,40}fare']),
     ('is there like a family pass for the weekend', U, [r'family (pass|fare|day)', r'weekend pass', r'group (fare|pass|ticket)']),
     ('if i pay cash do i get a transfer', ['Paper transfers are not issued']),
     ('so how long is a transfer good for with the card', ['2 hours']))
conv(V,
     ('im sixty seven do i get a discount on the bus', ['$1.10', '65 years of age and older']),
     ('what do i have to show the driver', ['government-issued photo ID', 'Reduced Fare Valley Card']),
     ('my wife is only sixty but she has medicare', ['Medicare card holders', 'Medicare card with a photo ID']),
     ('is there a discount for veterans', U, [r'veteran', r'military']),
     ('where do we get the reduced fare card', ['Customer Service Center']),
     ('can my wifes caregiver ride the bus free with her', U, [r'attendant.{0,80}(regular|bus|fixed)', r'caregiver', r'companion.{0,60}regular bus']))
conv(V,
     ('is there a cheaper fare for people with low income', ['ValleyLIFT']),
     ('who qualifies for that', ['200 percent of the federal poverty level']),
     ('how long does it take to get approved', U, [r'(lift|valleylift).{0,120}(\d+ days|weeks|business days)', r'approv\w*.{0,60}(days|weeks)']),
     ('what documents do i need to bring', U, [r'(lift|valleylift).{0,160}(proof of income|pay stub|tax return)', r'proof of income']),
     ('do college students get a discount', ['no separate fare for college']))
conv(V,
     ('where can i buy one of those valley cards', ['Customer Service Center', 'ticket vending machines', 'FreshWay Markets']),
     ('how much is the card', ['A new card costs $3']),
     ('do the stores charge a fee to reload it', U, [r'(retail|store)s? (charge|add) a fee', r'reload fee', r'service charge']),
     ('can i put money on it when i get on the bus', ['Bus operators cannot add value']),
     ('can i pay with apple pay at the machine', U, [r'apple pay', r'google pay', r'mobile wallet', r'contactless', r'phone to pay']),
     ('if i load it online how long till it works', ['up to 24 hours']))
conv(V,
     ('i lost my valley cart can i get my money back', ['$5 replacement fee', 'balance and any pass will be moved']),
     ('i never registered it', ['Unregistered cards cannot be replaced']),
     ('can i check my balance by calling', U, [r'balance.{0,30}by (phone|calling|text)', r'check (your|the|my) balance']),
     ('do the cards expire', ['Valley Cards do not expire']),
     ('can my son and i share one card', U, [r'shar\w* (a|one|your|the) card', r'(more than one|two) (people|riders).{0,40}card', r'one card per']))
conv(V,
     ('i ride like four times a day should i get a day pass', ['rest of your rides that day are free', 'fare capping']),
     ('do you have a yearly pass', U, [r'annual pass', r'yearly pass', r'(12|twelve)-month']),
     ('and a monthly one', ['$72.00']),
     ('can i get my money back if i dont use it', ['non-refundable']),
     ('what about the express bus is it more', ['$3.25']),
     ('does the monthly pass work on the express', U, [r'(31-day|monthly) pass.{0,80}express', r'express.{0,80}(31-day|monthly) pass', r'upgrade']))
conv(V,
     ('what time does the first number twelve bus leave downtown on weekdays', ['5:15 a.m.']),
     ('what about saturday', ['6:30 a.m.', '10:15 p.m.']),
     ('and sunday', ['8:00 a.m.', '7:30 p.m.']),
     ('how often does it come on sundays', ['Every 40 minutes']),
     ('what time is the last one leaving northgate going back downtown', U, [r'southbound', r'to (the )?central transit center.{0,60}\d:\d\d p\.m\.', r'northgate transit center.{0,30}\d{1,2}:\d\d p\.m\.']),
     ('and what time does the twenty five start on saturdays', U, [r'route 25.{0,80}\d:\d\d', r'eastgate loop.{0,80}\d:\d\d']))
conv(V,
     ('is the twelve still going over the cedar avenue bridge', ['3rd Street and Harmon Road']),
     ('how long is that going to last', ['February 26, 2027']),
     ('my stop is cedar and fifth is that still open', ['closed']),
     ('where do i catch it instead', ['3rd Street at Harmon Road']),
     ('is there a map of the detour', U, [r'detour map', r'map of the detour']),
     ('are any other routes on detour', U, [r'(route|routes) (1|5|18|25|40|45)\b.{0,60}detour', r'other routes.{0,40}detour']))
conv(V,
     ('does the forty express run on saturdays', ['weekdays only']),
     ('whats the last bus home from downtown in the evening', ['6:18 p.m.', '6:10 p.m.']),
     ('does it stop anywhere on the way', ['makes no stops between Northgate']),
     ('is there room underneath for luggage', U, [r'luggage', r'storage (bay|compartment)', r'suitcase']),
     ('can i reserve a seat on it', U, [r'reserv\w* (a )?seats?', r'seat reservation']),
     ('is there wifi on it', ['Wi-Fi is not available on buses']))
conv(V,
     ('when does the light rail start running in the morning', ['4:45 a.m.']),
     ('is there a quiet car on the train', U, [r'quiet (car|zone)']),
     ('how late does it go on saturday night', ['12:30 a.m.']),
     ('how long to get from the airport to eastgate', ['about 42 minutes']),
     ('is there wifi on the train', ['Free Wi-Fi']),
     ('are there outlets to charge my phone', U, [r'power outlet', r'outlets? (on|at) (the )?(train|seat)', r'\busb\b', r'charging (port|station)s?.{0,30}(train|car|seat)']))
conv(V,
     ('are the buses running on thanksgiving', ['Sunday schedule']),
     ('what about the express', ['no Express service']),
     ('and the day after', ['Saturday schedule']),
     ('is the customer service office open on thanksgiving', ['Closed']),
     ('what about martin luther king day', U, [r'martin luther', r'\bmlk\b', r'king jr']),
     ('and presidents day', U, [r'president']))
conv(V,
     ('is the bus free on new years eve', ['free from 8:00 p.m.']),
     ('how late does the train run that night', ['2:00 a.m.']),
     ('is there extra security on new years eve', U, [r'(extra|additional) (security|officers)', r'security.{0,60}new year']),
     ('does the disabled ride van run on new years day', ['Operates']),
     ('is it free on the fourth of july too', U, [r'fourth of july', r'july 4', r'independence']),
     ('what time is the last train on christmas eve', ['10:00 p.m.']))
conv(V,
     ('my mom uses a wheelchair how does she sign up for the para transit', ['application', 'functional assessment']),
     ('can i apply for her online', U, [r'appl\w* online', r'online application', r'(valley access|paratransit|eligibility).{0,80}online']),
     ('how long does it take to find out', ['within 21 days']),
     ('how long is the assessment appointment', U, [r'assessment (takes|lasts|will take)', r'(hours?|minutes).{0,40}assessment', r'assessment.{0,40}(hours?|minutes)\b']),
     ('she cant drive how does she get there', ['free ride to and from the assessment']),
     ('does it cost anything to apply', ['no charge to apply']))
conv(V,
     ('how do i book a ride on valley access', ['555-0124']),
     ('how far ahead can i book', ['one to three days']),
     ('can i book for today', ['Same-day trip requests cannot be accepted']),
     ('can i book the ride there and back in one call', U, [r'round trip', r'return trip']),
     ('can i pay with my valley card', ['exact cash or a ticket']),
     ('what if i book online instead', U, [r'book\w* online', r'online (booking|reservation)', r'reserv\w*.{0,40}(online|app|website)']))
conv(V,
     ('how long will the para transit driver wait for me', ['five minutes']),
     ('what time window do they come in', ['30-minute pick-up window', '15 minutes before to 15 minutes after']),
     ('what if i need to cancel', ['at least two hours before']),
     ('can the driver carry my grocery bags in', U, [r'(grocer|bags|packages).{0,60}driver', r'driver.{0,60}(bags|packages|grocer)', r'carry (bags|packages)']),
     ('can i ask for the same driver every time', U, [r'same driver', r'(specific|particular|preferred) driver']))
conv(V,
     ('my aunt is visiting and uses paratransit back home can she use yours', ['up to 21 days']),
     ('what does she need', ['proof of eligibility from your home agency']),
     ('ok and once im on valley access do i pay on the regular bus', ['regular buses and the Blue Line for free']),
     ('is there a limit on how many rides a day', U, [r'(limit|maximum).{0,40}(rides|trips) (a|per) day', r'trip limit']),
     ('how big are the vans', U, [r'van.{0,40}(seats|passengers)', r'minivan', r'cutaway']),
     ('can someone teach me how to ride the regular bus', ['free one-on-one travel training']))
conv(V,
     ('can i take my bike on the bus', ['rack that holds two bikes']),
     ('can i bring it inside then', ['Bikes are not allowed inside buses']),
     ('what about my e bike', ['55 pounds or less']),
     ('is there a repair stand anywhere to pump my tires', U, [r'repair (stand|station)', r'(air )?pump', r'fix-?it']),
     ('how much is a bike locker', ['$20 per quarter']),
     ('can i charge my e bike in the bike lockers', U, [r'locker.{0,60}(charg|outlet|electric)']))
conv(V,
     ('can i bring my bike on the train during rush hour', ['at all times']),
     ('how many bikes fit', ['up to four bicycles']),
     ('what about my bike with the kid trailer', ['bikes with trailers']),
     ('is there a waiting list for the lockers', U, [r'wait(ing)? ?list', r'locker\w*.{0,60}(availab|full|sold out)']),
     ('can i ride my skateboard on the platform', ['must be carried']),
     ('are the bike lockers at eastgate covered by cameras', U, [r'camera', r'video (surveillance|camera|monitor)', r'surveillance']))
conv(V,
     ('i left my backpack on the bus yesterday where would it be', ['Lost and Found office', 'Central Transit Center']),
     ('is there a fee to get my stuff back', U, [r'(handling|storage|claim) fee', r'fee.{0,40}(claim|lost)']),
     ('can they mail it to me', ['not mailed or delivered']),
     ('how long do they keep stuff', ['30 days']),
     ('my wallet was in it', ['kept for 7 days']),
     ('can my friend pick it up for me', U, [r'someone else', r'another person', r'on your behalf', r'authoriz\w* (person|someone)']))
conv(V,
     ('can i eat on the bus', ['Eating is not allowed']),
     ('what about coffee', ['Drinks in covered containers are allowed']),
     ('can i bring my cat', ['closed carrier']),
     ('can i bring my guitar', U, [r'guitar', r'instrument']),
     ('is there a limit on how many grocery bags i can bring', U, [r'limit.{0,40}bags', r'\d+ bags', r'(two|three|four) bags']),
     ('can i bring one of those folding shopping carts', ['Folding shopping carts are allowed']))
conv(V,
     ('my scooter is kind of big will it fit on the bus', ['30 inches wide and 48 inches long']),
     ('are the stop announcements in spanish too', U, [r'spanish', r'(other|multiple) languages.{0,40}announce']),
     ('do i have to wear the seatbelt', ['may choose whether to use the lap belt']),
     ('can i bring my emotional support dog', ['must ride in a closed carrier']),
     ('does the bus have a lift at the back door', U, [r'rear door', r'back door', r'\blift\b']),
     ('what about my oxygen tank', ['portable oxygen tanks']))
conv(V,
     ('is parking free at the park and ride', ['Parking is free']),
     ('can i leave my car there for a week while im on a trip', ['no long-term parking', 'more than 24 hours']),
     ('which lot has electric car chargers', ['Northgate']),
     ('how much does it cost to charge', U, [r'kwh', r'\$.{0,40}charg', r'charg\w*.{0,40}\$']),
     ('how long can i charge', ['limited to four hours']),
     ('are the lots lit at night', U, [r'light(ing|ed)', r'\blit\b', r'security (patrol|guard)']))
conv(V,
     ('what are your phone hours for customer service', ['6:00 a.m. to 8:00 p.m.', '8:00 a.m. to 5:00 p.m.']),
     ('are you open sunday', ['closed Sunday']),
     ('do you have a chat on the website', U, [r'\bchat\b', r'live chat']),
     ('is there someone who speaks vietnamese', ['more than 200 languages']),
     ('is there parking at the transit center', U, [r'central transit center.{0,100}parking', r'parking.{0,60}central transit']),
     ('and is there a bathroom there', ['6:00 a.m. to 9:00 p.m.']))
conv(V,
     ('i want to complain about a driver who was really rude', ['online comment form', '555-0120']),
     ('can i get a copy of the video from the bus', U, [r'(bus|onboard|camera) (video|footage)', r'video (recording|footage)', r'camera']),
     ('where do i find the bus number', ['above the windshield']),
     ('will i hear back', ['within 10 business days']),
     ('will the driver get in trouble', U, [r'disciplin', r'(operator|driver|employee).{0,60}(retrain|coach|suspend)']),
     ('can i do it without giving my name', ['still reviewed', 'We cannot respond']))
conv(V,
     ('do i need a cdl to drive a bus for valley metro', ['eight-week training', 'Class B CDL']),
     ('whats the starting pay', U, [r'\$\d+(\.\d\d)? ?(an|per) hour', r'starting (pay|wage|salary)', r'hourly']),
     ('i had a dui like ten years ago is that a problem', ['no DUI in the past seven years']),
     ('do you have to work weekends', ['nights, weekends and holidays']),
     ('how long does the hiring process take', U, [r'hiring process.{0,60}(takes|weeks|days)', r'(weeks|days) (to|for) (hire|hiring)']),
     ('when are the hiring events', ['first Saturday of every month']))
conv(V,
     ('how do i find out when the next bus is coming', ['555-0126', 'stop ID']),
     ('can i get off between stops at night', ['After 9:00 p.m.', 'Request-a-Stop']),
     ('what if the bus is full and drives past me', U, [r'bus (is )?full.{0,60}(pass|drive)', r'pass(es)? (you|riders) by']),
     ('if i put a twenty in the fare box do i get change', ['do not give change', 'cannot give change']),
     ('can i buy a day pass on the bus', ['Day Passes can be bought with cash']),
     ('whats the fine if i get caught without paying on the train', ['up to $175']))
conv(V,
     ('do high school kids ride for less', ['$1.10', 'Youth fares']),
     ('does my seventeen year old need to show id', ['16 and older may be asked']),
     ('is there a summer pass for teens', U, [r'summer', r'youth (summer )?pass']),
     ('does the school district hand out bus passes', U, [r'school district', r'student pass', r'school pass']),
     ('what about a week pass for kids', ['$11.00']))
conv(V,
     ('is the elevator working at eastgate mall station', ['out of service', 'December 11, 2026']),
     ('so how do i get to the westbound platform', ['travel to Eastgate Station and return']),
     ('who do i call for help', ['555-0127']),
     ('do all the stations have elevators', ['elevators or ramps']),
     ('is there a shuttle bus to get around it', U, [r'shuttle', r'bus bridge']))


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
