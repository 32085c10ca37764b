// What the test operator page (test mode, redirect operators) may call: the domain's view and
// answer, and the buttons' names. The page stands in for Orange Money's page or the Wave app.
export { answerTestOperator, type TestOperatorView, testOperatorView } from '../payments/test-helpers';
export { TEST_OPERATOR_ANSWERS, type TestOperatorAnswer } from '../rails/mobile-money/simulator';
