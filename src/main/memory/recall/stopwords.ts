/**
 * Words a recall query leaves out: function words, question words and the words people use to
 * ask about the past ("remember", "told", "said"), in the languages agents most often chat in.
 * A short question about a long history ("what did Anna say about the lighthouse?") must search
 * for "anna" and "lighthouse" only: every message has the rest, and with OR semantics they would
 * drown the two words that matter. Written in lower case without diacritics;
 * they are folded like query words before use.
 */

const ENGLISH = `a about above after again against all also am an and any are aren around as at be because been
before being below between both but by can cannot could couldn did didn do does doesn doing don done down
during each else ever few for from further get got had hadn has hasn have haven having he her here hers
herself him himself his how i if in into is isn it its itself just let lets me more most much must my
myself no nor not now of off on once only or other ought our ours ourselves out over own same shall she
should shouldn so some such than that the their theirs them themselves then there these they this those
through to too under until up upon very was wasn we were weren what whats when where whether which while
who whom whose why will with won would wouldn you your yours yourself yourselves im ive youre youve dont
cant wont thats theres hes shes were theyre lets ll re ve d s t m
what whatever whenever wherever however anything something nothing everything anyone someone everyone
again ago already always maybe perhaps really still yet even though although
tell told say said says saying talk talked talking mention mentioned mentioning remember remembered
recall recalled know knew known think thought ask asked asking speak spoke spoken discuss discussed
do did does happen happened happening go goes going went gone get gets got getting
hey hi hello ok okay yes yeah yep nope oh ah um uh lol haha hehe please thanks thank pls thx btw`;

const GERMAN = `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes
auch auf aus bei bin bis bist da damit dann das dass dein deine deinem deinen deiner dem den denn der des
dich die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer eines
er es etwas euch euer eure fur gegen gewesen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn
ihnen ihr ihre ihrem ihren ihrer im in indem ins ist ja jede jedem jeden jeder jedes jener jetzt kann
kein keine konnen konnte mach machen man manche mein meine meinem meinen meiner mich mir mit muss musste
nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seit sich sie sind so
solche soll sollte sondern sonst uber um und uns unser unsere unter viel vom von vor wann war waren warst
warum was weg weil weiter welche welchem welchen welcher welches wenn wer werde werden wie wieder will wir
wird wirst wo wollen wollte wurde wurden zu zum zur zwar zwischen wieso weshalb woher wohin
erinnerst erinnern erinnere gesagt sagen sagte erzahlt erzahlen erzahlte gesprochen sprechen gemacht`;

const FRENCH = `a au aux avec ce ces dans de des du elle en et eux il ils je la le les leur lui ma mais me meme
mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une
vos votre vous c d j l m n s t y ete etre avoir ai as avons avez ont avait etait est sont suis es sommes
quand quoi comment pourquoi combien quel quelle quels quelles ou cette cet ca
souviens souvenir dit dire parle parler raconte fait faire`;

const SPANISH = `a al algo algunas algunos ante antes como con contra cual cuales cuando cuanto de del desde
donde durante e el ella ellas ellos en entre era eran es esa esas ese eso esos esta estaba estado estan
estas este esto estos fue fueron ha habia han hasta hay la las le les lo los mas me mi mis mucho muy nada
ni no nos nosotros o otra otro para pero poco por porque que quien quienes se ser si sin sobre somos son
su sus tambien te tengo ti tiene tu tus un una uno unos usted y ya yo cual cuando donde como por que
acuerdas recuerdas recuerdo dijiste dije dijo hablamos hablaste contaste conto hicimos hiciste paso`;

const ITALIAN = `a ad al alla alle anche ci come con da dal dalla degli dei del della delle di e ed era essere gli
ha hai hanno ho i il in io la le lei lo loro lui ma me mi mia mio ne nei nel nella noi non o per perche piu
quale quando quanto quella quello questa questo se si sono su sua suo ti tu tra un una uno vi voi cosa chi
dove ricordi detto dire parlato fatto`;

const PORTUGUESE = `a ao aos as com como da das de do dos e ela elas ele eles em entre era essa esse esta este eu
foi for ha isso isto ja la lhe mais mas me meu minha muito na nao nas nem no nos o os ou para pela pelo por
quando que quem se sem ser seu sua tambem te tem teu tu um uma voce voces onde porque qual lembra disse
falamos fizemos`;

const DUTCH = `aan al alles als dan dat de deze die dit doch door een en er had heb hebben heeft het hier hij
hoe hun ik in is ja je kan maar me meer men met mij mijn naar niet nog nu of om ons ook op over te tot u uit
van veel voor waar wanneer want waren was wat we wel werd wie wij wordt zal ze zei zich zij zijn zo zou
herinner gezegd`;

const RUSSIAN = `и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее
мне было вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас
нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была
сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь
этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой
хоть после над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою
этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между помнишь говорил говорила
сказал сказала рассказывал`;

/** Every language's list, words separated by white space; `text.ts` folds them into one set. */
export const STOPWORD_LISTS: readonly string[] = [
  ENGLISH,
  GERMAN,
  FRENCH,
  SPANISH,
  ITALIAN,
  PORTUGUESE,
  DUTCH,
  RUSSIAN,
];
