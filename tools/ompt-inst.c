/* placeholder: replaced by the command implementation */
int main(void) { return 2; }
